import FixtureServer
import Foundation
import Testing

@Suite struct FormatRouteTests {
    @Test func documentsHaveTheirContentTypes() async throws {
        try await withServer { server in
            let json = try await Curl.run([server.http("/json")])
            #expect(json.header("content-type") == "application/json")
            #expect((try json.json()["library"] as? [String: Any])?["name"] as? String == "afrun fixtures")
            let xml = try await Curl.run([server.http("/xml")])
            #expect(xml.header("content-type") == "application/xml")
            #expect(xml.text.hasPrefix("<?xml"))
            let html = try await Curl.run([server.http("/html")])
            #expect(html.header("content-type")?.hasPrefix("text/html") == true)
            #expect(html.text.contains("<h1>afrun fixtures</h1>"))
        }
    }

    @Test(arguments: ["gzip", "deflate"])
    func compressedBodiesDecodeWithCurl(encoding: String) async throws {
        try await withServer { server in
            let raw = try await Curl.run([server.http("/\(encoding)")])
            #expect(raw.header("content-encoding") == encoding)
            if encoding == "gzip" { #expect(Array(raw.body.prefix(2)) == [0x1f, 0x8b]) }
            let decoded = try await Curl.run(["--compressed", server.http("/\(encoding)")])
            #expect(decoded.exitCode == 0)
            #expect(try decoded.json()[encoding == "gzip" ? "gzipped" : "deflated"] as? Bool == true)
        }
    }

    @Test(arguments: [
        ("png", [UInt8]([0x89, 0x50, 0x4e, 0x47]), "image/png"),
        ("jpeg", [UInt8]([0xff, 0xd8, 0xff]), "image/jpeg"),
        ("gif", Array("GIF89a".utf8), "image/gif"),
    ])
    func imagesStartWithTheirSignature(name: String, signature: [UInt8], contentType: String) async throws {
        try await withServer { server in
            let result = try await Curl.run([server.http("/image/\(name)")])
            #expect(result.header("content-type") == contentType)
            #expect(Array(result.body.prefix(signature.count)) == signature)
        }
    }
}
