import FixtureServer
import Foundation
import Testing

@testable import AFSession

/// `HTTPRequest.measuresEncodedBody`: the body as sent is counted and hashed, and the session decodes it
/// itself, against the fixture server's `/json/{coding}` (the `/json` document in one content coding).
struct ContentDecodingTests {
    static let codings = ["gzip", "deflate", "br", "zstd"]

    /// The bytes as sent, fetched by a session that leaves them alone (no `Accept-Encoding`, so libcurl
    /// does not decode; the route codes them anyway).
    static func wireBytes(_ path: String, from server: FixtureServer) async throws -> Data {
        var configuration = SessionConfiguration()
        configuration.automaticDecompression = false
        return try await withSessionManager(configuration: configuration) { session in
            try await session.data(for: HTTPRequest(url: server.url(path))).data
        }
    }

    @Test(arguments: codings)
    func theBodyAsSentIsMeasuredAndTheBodyDecoded(_ coding: String) async throws {
        try await withFixture { server, session in
            let plain = try await session.data(for: HTTPRequest(url: server.url("/json"))).data
            let wire = try await Self.wireBytes("/json/\(coding)", from: server)
            #expect(wire != plain)
            var request = HTTPRequest(url: server.url("/json/\(coding)"))
            request.measuresEncodedBody = true
            request.digestsBody = true
            let response = try await session.data(for: request)
            #expect(response.data == plain)
            #expect(response.body.length == Int64(plain.count))
            #expect(response.body.sha256Hex == OpenSSLDigest.sha256Hex(plain))
            let encoded = try #require(response.body.encoded)
            #expect(encoded.length == Int64(wire.count))
            #expect(encoded.sha256Hex == OpenSSLDigest.sha256Hex(wire))
            #expect(encoded.contentCodings == [coding])
            #expect(encoded.decodingFailure == nil)
        }
    }

    @Test func theSameAcceptEncodingIsSent() async throws {
        try await withFixture { server, session in
            let usual = try await session.data(for: HTTPRequest(url: server.url("/headers"))).data
            var request = HTTPRequest(url: server.url("/headers"))
            request.measuresEncodedBody = true
            let measured = try await session.data(for: request).data
            let sent = { (data: Data) in
                ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["headers"] as? [String: Any]
            }
            let accepted = try #require(sent(usual)?["Accept-Encoding"] as? String)
            #expect(accepted.contains("gzip"))
            #expect(sent(measured)?["Accept-Encoding"] as? String == accepted)
        }
    }

    @Test func withoutACodingTheBodyAsSentIsTheBody() async throws {
        try await withFixture { server, session in
            var request = HTTPRequest(url: server.url("/json"))
            request.measuresEncodedBody = true
            let response = try await session.data(for: request)
            let encoded = try #require(response.body.encoded)
            #expect(encoded.length == Int64(response.data.count))
            #expect(encoded.sha256Hex == OpenSSLDigest.sha256Hex(response.data))
            #expect(encoded.contentCodings.isEmpty)
        }
    }

    @Test func aDecodedBodyKeepsTheBodyLimit() async throws {
        try await withFixture { server, session in
            let plain = try await session.data(for: HTTPRequest(url: server.url("/json"))).data
            var request = HTTPRequest(url: server.url("/json/gzip"))
            request.measuresEncodedBody = true
            request.maxBodyBytes = 10
            request.digestsBody = true
            let response = try await session.data(for: request)
            #expect(response.data == plain.prefix(10))
            #expect(response.body.length == Int64(plain.count))
            #expect(response.body.isTruncated)
            #expect(response.body.sha256Hex == OpenSSLDigest.sha256Hex(plain))
        }
    }

    @Test func aCodingTheSessionCannotDecodeFailsOnlyTheDecoding() async throws {
        try await withFixture { server, session in
            let path = "/response-headers?Content-Encoding=compress"
            let wire = try await Self.wireBytes(path, from: server)
            var request = HTTPRequest(url: server.url(path))
            request.measuresEncodedBody = true
            let response = try await session.data(for: request)
            #expect(response.response.statusCode == 200)
            let encoded = try #require(response.body.encoded)
            #expect(encoded.length == Int64(wire.count))
            let failure = try #require(encoded.decodingFailure)
            #expect(failure == ContentDecodingFailure(coding: "compress", reason: .unsupported))
            #expect(failure.description.contains("`compress` cannot be decoded"))
        }
    }

    /// The decoders as values: every byte fed on its own (the zlib header split over two calls), and raw
    /// deflate without the zlib wrapper, which `deflate` also reads (as libcurl does).
    @Test func decodersTakeOneByteAtATime() async throws {
        let (plain, zlib, gzip, br, zstd) = try await withFixture { server, session in
            (
                try await session.data(for: HTTPRequest(url: server.url("/json"))).data,
                try await Self.wireBytes("/json/deflate", from: server),
                try await Self.wireBytes("/json/gzip", from: server),
                try await Self.wireBytes("/json/br", from: server),
                try await Self.wireBytes("/json/zstd", from: server)
            )
        }
        let rawDeflate = zlib.dropFirst(2).dropLast(4)
        let cases: [(String, Data)] = [
            ("deflate", zlib), ("deflate", Data(rawDeflate)), ("gzip", gzip), ("br", br), ("zstd", zstd),
        ]
        for (coding, bytes) in cases {
            let chain = try #require(try ContentDecoderChain(codings: [coding]))
            var out = Data()
            for byte in bytes {
                try [byte].withUnsafeBytes { piece in
                    try chain.decode(piece) { out.append(contentsOf: $0) }
                }
            }
            try chain.finish { out.append(contentsOf: $0) }
            #expect(out == plain, "\(coding), \(bytes.count) bytes")
        }
    }

    @Test func aStreamCutShortIsReported() async throws {
        let gzip = try await withFixture { server, _ in try await Self.wireBytes("/json/gzip", from: server) }
        let chain = try #require(try ContentDecoderChain(codings: ["gzip"]))
        try gzip.dropLast(8).withUnsafeBytes { try chain.decode($0) { _ in } }
        #expect(throws: ContentDecodingFailure(coding: "gzip", reason: .truncated)) {
            try chain.finish { _ in }
        }
    }
}
