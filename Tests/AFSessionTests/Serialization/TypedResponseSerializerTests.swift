import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// `DecodableResponseSerializer` and `StringResponseSerializer` through `HTTPSessionManager` against the
/// fixture server: validation first, as every serializer does, then a typed value.
struct TypedResponseSerializerTests {
    struct Echo: Decodable, Sendable, Equatable {
        var method: String
        var args: [String: String]
    }

    struct NeedsID: Decodable, Sendable {
        var id: Int
    }

    @Test func decodesIntoAModel() async throws {
        try await SerializationEndToEndTests.withManager { _, api in
            let echo = try await api.get("get", parameters: ["q": "x"], serializer: DecodableResponseSerializer<Echo>())
            #expect(echo.value == Echo(method: "GET", args: ["q": "x"]))
        }
    }

    @Test func aMissingKeyIsASerializationErrorNamingIt() async throws {
        try await SerializationEndToEndTests.withManager { _, api in
            do throws(SessionError) {
                _ = try await api.get("get", serializer: DecodableResponseSerializer<NeedsID>())
                Issue.record("decoded a body without id")
            } catch {
                guard case .responseSerialization(let failure) = error else {
                    Issue.record("expected responseSerialization, got \(error)")
                    return
                }
                #expect(failure.kind == .invalidJSON)
                #expect(failure.message.contains("key \"id\" not found at $"))
                #expect(failure.underlyingError is DecodingError)
            }
        }
    }

    @Test(arguments: [("status/404", "unacceptableStatusCode"), ("html", "unacceptableContentType")])
    func decodableValidatesFirst(path: String, reason: String) async throws {
        try await SerializationEndToEndTests.withManager { _, api in
            do throws(SessionError) {
                _ = try await api.get(path, serializer: DecodableResponseSerializer<Echo>())
                Issue.record("\(path) passed validation")
            } catch {
                guard case .responseValidation(let failure) = error else {
                    Issue.record("expected responseValidation, got \(error)")
                    return
                }
                #expect("\(failure.reason)".hasPrefix(reason))
            }
        }
    }

    @Test func aValidationFailureNamesTheURLWithoutItsQuery() async throws {
        try await SerializationEndToEndTests.withManager { _, api in
            do throws(SessionError) {
                _ = try await api.get("status/404?token=s3cret-value", serializer: DecodableResponseSerializer<Echo>())
                Issue.record("a 404 passed validation")
            } catch {
                guard case .responseValidation(let failure) = error else {
                    Issue.record("expected responseValidation, got \(error)")
                    return
                }
                #expect("\(failure)".hasPrefix("request failed: unacceptable status code 404 from http://"))
                #expect("\(failure)".hasSuffix("/status/404"), "\(failure)")
                #expect(!"\(failure)".contains("s3cret"), "a query may hold a secret: \(failure)")
            }
        }
    }

    @Test(arguments: [("encoding/latin1", "café naïve"), ("encoding/shift_jis", "日本語")])
    func stringFollowsTheCharset(path: String, expected: String) async throws {
        try await SerializationEndToEndTests.withManager { _, api in
            let text = try await api.get(path, serializer: StringResponseSerializer())
            #expect(text.value.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
        }
    }

    @Test func stringRefusesBytesInvalidInTheForcedEncoding() async throws {
        try await SerializationEndToEndTests.withManager { _, api in
            do throws(SessionError) {
                _ = try await api.get("encoding/latin1", serializer: StringResponseSerializer(encoding: .utf8))
                Issue.record("Latin-1 bytes decoded as UTF-8")
            } catch {
                guard case .responseSerialization(let failure) = error else {
                    Issue.record("expected responseSerialization, got \(error)")
                    return
                }
                #expect(failure.message.contains("not valid"))
            }
            var bad = StringResponseSerializer()
            bad.acceptableStatusCodes = [201]
            await #expect(throws: SessionError.self) { try await api.get("encoding/utf8", serializer: bad) }
        }
    }
}
