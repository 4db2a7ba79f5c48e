import Foundation
import Testing

@testable import AFSession

/// libcurl result codes map to the `SessionError` case a caller switches on.
struct ErrorMappingTests {
    private static let request = HTTPRequest(url: URL(string: "http://127.0.0.1:1/get")!)

    static let table: [(UInt32, String)] = [
        (6, "dnsFailure"), (5, "dnsFailure"), (7, "cannotConnect"), (28, "timedOut"),
        (35, "tlsFailure"), (58, "tlsFailure"), (59, "tlsFailure"), (60, "tlsFailure"), (77, "tlsFailure"),
        (90, "tlsFailure"), (47, "tooManyRedirects"), (18, "connectionLost"), (52, "connectionLost"),
        (55, "connectionLost"), (56, "connectionLost"), (8, "invalidResponse"), (1, "invalidResponse"),
        (3, "invalidURL"), (42, "cancelled"), (27, "transport"), (61, "transport"),
    ]

    @Test(arguments: table)
    func codeMapsToCase(code: UInt32, expected: String) {
        let error = SessionError.mapping(
            code: CurlCode(rawValue: code),
            message: "from the error buffer",
            request: Self.request,
            timeoutPhase: .total
        )
        #expect(error.caseName == expected)
        if let failure = error.transportFailure {
            #expect(failure.code.rawValue == code)
            #expect(failure.message == "from the error buffer")
            #expect(failure.request.url == Self.request.url)
        }
    }

    @Test(arguments: [SessionError.TimeoutPhase.connect, .total])
    func timeoutKeepsThePhase(phase: SessionError.TimeoutPhase) {
        let error = SessionError.mapping(
            code: .operationTimedOut,
            message: "",
            request: Self.request,
            timeoutPhase: phase
        )
        guard case .timedOut(let mapped, _) = error else {
            Issue.record("expected .timedOut, got \(error)")
            return
        }
        #expect(mapped == phase)
    }

    @Test func curlCodeMatchesInSwitch() {
        let code = CurlCode(rawValue: 28)
        switch code {
        case .operationTimedOut: #expect(code.description.lowercased().contains("timeout"))
        default: Issue.record("28 should match .operationTimedOut")
        }
    }
}

extension SessionError {
    /// The case name, for table tests.
    var caseName: String {
        switch self {
        case .invalidURL: "invalidURL"
        case .dnsFailure: "dnsFailure"
        case .cannotConnect: "cannotConnect"
        case .timedOut: "timedOut"
        case .tlsFailure: "tlsFailure"
        case .serverTrustRejected: "serverTrustRejected"
        case .tooManyRedirects: "tooManyRedirects"
        case .connectionLost: "connectionLost"
        case .invalidResponse: "invalidResponse"
        case .transport: "transport"
        case .cancelled: "cancelled"
        case .sessionInvalidated: "sessionInvalidated"
        case .fileSystem: "fileSystem"
        case .requestSerialization: "requestSerialization"
        case .responseValidation: "responseValidation"
        case .responseSerialization: "responseSerialization"
        }
    }

    /// The libcurl details, for the cases that carry them.
    var transportFailure: TransportFailure? {
        switch self {
        case .dnsFailure(let f), .cannotConnect(let f), .timedOut(_, let f), .tlsFailure(let f),
            .tooManyRedirects(let f),
            .connectionLost(let f), .invalidResponse(let f), .transport(let f):
            f
        default: nil
        }
    }
}
