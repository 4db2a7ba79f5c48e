import Foundation
import Testing

@testable import AFSession

/// `print(error)` and `error.localizedDescription` read as sentences naming what failed and the host.
struct SessionErrorDescriptionTests {
    private static let request = HTTPRequest(url: URL(string: "http://api.example:8080/users?token=s3cret")!)

    static let table: [(UInt32, SessionError.TimeoutPhase, String)] = [
        (6, .total, "cannot resolve the host api.example:8080: boom (curl code 6)"),
        (7, .total, "cannot connect to api.example:8080: boom (curl code 7)"),
        (28, .connect, "timed out connecting to api.example:8080: boom (curl code 28)"),
        (28, .total, "timed out waiting for api.example:8080: boom (curl code 28)"),
        (35, .total, "TLS handshake with api.example:8080 failed: boom (curl code 35)"),
        (47, .total, "too many redirects from api.example:8080: boom (curl code 47)"),
        (56, .total, "connection to api.example:8080 lost before the response was complete: boom (curl code 56)"),
        (8, .total, "invalid HTTP response from api.example:8080: boom (curl code 8)"),
        (61, .total, "request to api.example:8080 failed: boom (curl code 61)"),
    ]

    @Test(arguments: table)
    func transportCasesNameTheHost(code: UInt32, phase: SessionError.TimeoutPhase, expected: String) {
        let error = SessionError.mapping(
            code: CurlCode(rawValue: code),
            message: "boom",
            request: Self.request,
            timeoutPhase: phase
        )
        #expect("\(error)" == expected)
        #expect(error.localizedDescription == expected)
        // The query may carry a secret: only the host is named.
        #expect(!"\(error)".contains("s3cret"))
    }

    @Test func otherCasesReadAsSentences() {
        #expect("\(SessionError.cancelled(Self.request))" == "cancelled: GET to api.example")
        #expect("\(SessionError.cancelled(nil))" == "cancelled")
        #expect(
            SessionError.sessionInvalidated.localizedDescription
                == "the session was shut down or invalidated before the task could run"
        )
        #expect(
            "\(SessionError.fileSystem(FileSystemFailure(path: "/x", message: "denied")))" == "file error: /x: denied"
        )
    }

    @Test func aRealDNSFailureReadsAsASentence() async throws {
        try await withFixture { _, session in
            do throws(SessionError) {
                _ = try await session.data(for: HTTPRequest(url: URL(string: "http://afrun-describe.invalid/get")!))
                Issue.record("a .invalid host resolved")
            } catch {
                #expect(error.localizedDescription.hasPrefix("cannot resolve the host afrun-describe.invalid: "))
                #expect(error.localizedDescription.hasSuffix("(curl code 6)"))
            }
        }
    }
}
