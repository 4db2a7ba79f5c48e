import Foundation
import Testing

@testable import FixtureServer

@Suite struct SupportTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256KnownVectors(input: String, digest: String) {
        #expect(SHA256Digest.hex(of: Array(input.utf8)) == digest)
    }

    @Test func sha256IsTheSameWhateverTheChunking() {
        let bytes = FixtureServer.bytes(count: 10_000, seed: 9)
        var chunked = SHA256Digest()
        var offset = 0
        for size in [1, 63, 64, 65, 1000, 7] + Array(repeating: 997, count: 20) where offset < bytes.count {
            let end = min(bytes.count, offset + size)
            chunked.update(Array(bytes[offset..<end]))
            offset = end
        }
        chunked.update(Array(bytes[offset...]))
        #expect(chunked.finalizeHex() == SHA256Digest.hex(of: bytes))
        #expect(FixtureServer.bytesSHA256(count: 10_000, seed: 9) == SHA256Digest.hex(of: bytes))
    }

    @Test func crc32CheckValue() {
        #expect(Checksums.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Checksums.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func bytesFollowTheDocumentedFormula() {
        var state: UInt64 = 5
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let expected = (0..<8).map { UInt8(truncatingIfNeeded: z >> UInt64(8 * $0)) }
        #expect(Array(FixtureServer.bytes(count: 8, seed: 5)) == expected)
        #expect(Array(FixtureServer.bytes(count: 20, seed: 5).prefix(8)) == expected)
    }

    @Test(arguments: [1, 2, 3, 7, 50, 4096])
    func multipartParserSplitsPartsWhateverTheChunkSize(chunkSize: Int) {
        let body = Array(
            ("preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue\r\n--XyZ\r\n"
                + "Content-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\nContent-Type: text/plain\r\n\r\n"
                + "line1\r\n--XyNotTheBoundary\r\nline3\r\n--XyZ--\r\nepilogue").utf8
        )
        var parser = MultipartParser(boundary: "XyZ")
        var parts: [(headers: [String: String], content: [UInt8])] = []
        var offset = 0
        while offset < body.count {
            let end = min(body.count, offset + chunkSize)
            parser.feed(body[offset..<end]) { event in
                switch event {
                case .partBegin(let headers): parts.append((headers, []))
                case .partData(let slice): parts[parts.count - 1].content += slice
                case .partEnd: break
                }
            }
            offset = end
        }
        #expect(parser.isComplete)
        #expect(parts.count == 2)
        #expect(String(decoding: parts[0].content, as: UTF8.self) == "value")
        #expect(String(decoding: parts[1].content, as: UTF8.self) == "line1\r\n--XyNotTheBoundary\r\nline3")
        #expect(parts[1].headers["content-type"] == "text/plain")
        #expect(
            MultipartParser.dispositionParameter("filename", in: parts[1].headers["content-disposition"]) == "x.txt"
        )
    }
}
