import AFSession
import AFSuite
import FixtureServer
import Foundation
import Testing

@testable import AFRunner

/// `expect.rawBody`: the body as it came over the wire, before its `Content-Encoding` was undone, against
/// the fixture server's `/json/{coding}` (the `/json` document in one content coding).
@Suite struct RawBodyAssertionTests {
    /// The bytes as sent, fetched by a session that leaves them coded (no `Accept-Encoding`, so libcurl does
    /// not decode; the route codes them anyway), and the `/json` document itself.
    static func bytes(
        _ path: String,
        from server: FixtureServer
    ) async throws -> (wire: Data, plain: Data) {
        var configuration = SessionConfiguration()
        configuration.automaticDecompression = false
        var base = server.httpURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let wireURL = try #require(URL(string: base + path))
        let plainURL = try #require(URL(string: base + "json"))
        return try await withSessionManager(configuration: configuration) { session in
            let wire = try await session.data(for: HTTPRequest(url: wireURL)).data
            let plain = try await session.data(for: HTTPRequest(url: plainURL)).data
            return (wire, plain)
        }
    }

    @Test(arguments: ["gzip", "deflate", "br", "zstd"])
    func rawBodyIsTheBytesAsSentAndEveryOtherAssertionTheDecodedBody(_ coding: String) async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let (wire, plain) = try await Self.bytes("json/\(coding)", from: server)
            #expect(wire.count != plain.count)
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "coded", "request": {"url": "json/\#(coding)"},
                   "capture": {"first": {"json": "$.library.books[0].title"}},
                   "expect": {
                    "status": 200, "headers": {"Content-Encoding": "\#(coding)"},
                    "rawBody": {"sha256": "\#(OpenSSLDigest.sha256Hex(wire))", "bytes": \#(wire.count)},
                    "json": [{"path": "$.library.books[0].title", "equals": "Stored Blocks"}],
                    "body": {"contains": "Event Loops", "bytes": \#(plain.count),
                             "sha256": "\#(OpenSSLDigest.sha256Hex(plain))"},
                    "captures": {"first": "Stored Blocks"}}},
                  {"name": "wrong", "request": {"url": "json/\#(coding)"}, "expect": {
                    "rawBody": {"bytes": {"lt": \#(plain.count)}, "sha256": "\#(OpenSSLDigest.sha256Hex(plain))"}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 2)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(
                SuiteTextRun.failures(results[1]) == [
                    "rawBody sha256: expected \(OpenSSLDigest.sha256Hex(plain)), got \(OpenSSLDigest.sha256Hex(wire))",
                    "rawBody bytes: expected lt \(plain.count), got \(wire.count)",
                ]
            )
        }
    }

    @Test func withoutAContentEncodingRawBodyIsTheBody() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let (_, plain) = try await Self.bytes("json", from: server)
            let digest = OpenSSLDigest.sha256Hex(plain)
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "variables": {"digest": "\#(digest)"}, "tests": [
                  {"name": "plain", "request": {"url": "json"}, "expect": {
                    "rawBody": {"sha256": "{{digest}}", "bytes": {"equals": \#(plain.count)}},
                    "body": {"sha256": "\#(digest)", "bytes": \#(plain.count)}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 1)
            #expect(results[0].status == .passed, "\(SuiteTextRun.failures(results[0]))")
            #expect(results[0].assertions.filter { $0.kind == "rawBody" }.count == 2)
        }
    }

    @Test func aCodingAfrunCannotDecodeFailsOnlyTheDecodedBodyAssertions() async throws {
        try await withFixtureServer(FixtureServer.Configuration()) { server in
            let path = "response-headers?Content-Encoding=compress"
            let (wire, _) = try await Self.bytes(path, from: server)
            let results = try await SuiteTextRun.results(
                #"""
                {"baseURL": "{{env.FIXTURES}}", "tests": [
                  {"name": "compress", "request": {"url": "\#(path)"}, "expect": {
                    "status": 200, "headers": {"Content-Encoding": "compress"},
                    "rawBody": {"bytes": \#(wire.count), "sha256": "\#(OpenSSLDigest.sha256Hex(wire))"},
                    "json": [{"path": "$['Content-Encoding']", "equals": "compress"}],
                    "body": {"contains": "compress", "bytes": {"gt": 0}}}}
                ]}
                """#,
                on: server
            )
            try #require(results.count == 1)
            let problem =
                "the body's Content-Encoding `compress` cannot be decoded (afrun decodes gzip, x-gzip, deflate, br,"
                + " zstd): assertions on the decoded body cannot be checked; `rawBody` still can"
            #expect(
                SuiteTextRun.failures(results[0]) == [
                    "$['Content-Encoding']: \(problem)", "body: \(problem)", "bytes: \(problem)",
                ]
            )
            let passed = results[0].assertions.filter(\.passed).map { "\($0.kind) \($0.target ?? "")" }
            #expect(passed == ["status ", "header Content-Encoding", "rawBody sha256", "rawBody bytes"])
        }
    }
}
