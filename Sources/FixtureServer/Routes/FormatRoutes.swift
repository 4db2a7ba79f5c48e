import Foundation
import NIOHTTP1

/// Fixed documents in several formats, and compressed bodies.
enum FormatRoutes {
    static let jsonDocument = """
        {"library":{"name":"afrun fixtures","books":[{"id":1,"title":"Stored Blocks","author":"Ada","price":12.5,\
        "tags":["deflate","gzip"],"available":true},{"id":2,"title":"Event Loops","author":"Grace","price":30,\
        "tags":["nio"],"available":false},{"id":3,"title":"Chunked Bodies","author":"Alan","price":8.99,\
        "tags":[],"available":true,"isbn":null}],"open":true,"rating":4.5}}
        """

    static let xmlDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <library name="afrun fixtures">
          <book id="1" available="true"><title>Stored Blocks</title><author>Ada</author><price>12.5</price></book>
          <book id="2" available="false"><title>Event Loops</title><author>Grace</author><price>30</price></book>
        </library>

        """

    /// A SOAP 1.1 envelope whose payload is in a default namespace (for `xpathNamespaces` and `_`).
    static let soapDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
          <soap:Body>
            <GetPriceResponse xmlns="http://example.com/stock">
              <Symbol>AFRN</Symbol><Price>34.5</Price>
            </GetPriceResponse>
          </soap:Body>
        </soap:Envelope>

        """

    static let htmlDocument = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>afrun fixture page</title></head>
        <body><h1>afrun fixtures</h1><p id="greeting">Hello from the fixture server.</p>
        <ul><li>one</li><li>two</li><li>three</li></ul></body>
        </html>

        """

    static var routes: [Route] {
        [
            Route("/json") { _ in .response(.bytes(Array(jsonDocument.utf8), contentType: "application/json")) },
            Route("/xml") { _ in .response(.bytes(Array(xmlDocument.utf8), contentType: "application/xml")) },
            Route("/soap") { _ in
                .response(.bytes(Array(soapDocument.utf8), contentType: "text/xml; charset=utf-8"))
            },
            Route("/html") { _ in .response(.bytes(Array(htmlDocument.utf8), contentType: "text/html; charset=utf-8"))
            },
            Route("/robots.txt") { _ in .response(.text("User-agent: *\nDisallow: /deny\n")) },
            Route("/encoding/utf8") { _ in .response(.text("UTF-8: café, naïve, 日本語, emoji 🚀\n")) },
            Route("/base64/{value}") { request in
                guard let bytes = decodeBase64URL(request.parameters["value"] ?? "") else {
                    return .error(.badRequest, "value must be base64 or base64url text")
                }
                return .response(.bytes(bytes, contentType: "text/plain"))
            },
            // The same words in other charsets, as bytes (no encoder involved): "café naïve" in ISO-8859-1
            // (é is E9, ï is EF) and "日本語" in Shift_JIS.
            Route("/encoding/latin1") { _ in
                .response(.bytes(latin1Bytes, contentType: "text/html; charset=latin1"))
            },
            Route("/encoding/shift_jis") { _ in
                .response(.bytes(shiftJISBytes, contentType: "text/plain; charset=Shift_JIS"))
            },
            Route("/gzip") { request in compressed(request, encoding: "gzip", key: "gzipped", Deflate.gzip) },
            Route("/deflate") { request in compressed(request, encoding: "deflate", key: "deflated", Deflate.zlib) },
            Route("/brotli") { request in compressed(request, encoding: "br", key: "brotli", Brotli.uncompressed) },
            // A decompression bomb: `gib` GiB of zero bytes in 14 bytes of brotli per 16 MiB (14 KiB for 16 GiB).
            Route("/brotli-bomb/{gib}") { request in
                guard let gib = request.intParameter("gib"), (1...1024).contains(gib) else {
                    return .error(.badRequest, "gib must be 1 to 1024")
                }
                var headers = HTTPHeaders()
                headers.add(name: "content-encoding", value: "br")
                return .response(.bytes(Brotli.zeros(gib: gib), contentType: "text/plain", headers: headers))
            },
            Route("/zstd") { request in compressed(request, encoding: "zstd", key: "zstd", Zstd.raw) },
            // The `/json` document in one content coding, whatever the request accepts: the same bytes on
            // every request, so a suite can pin the digest of the body as sent (`rawBody`).
            Route("/json/{coding}") { request in
                let coding = request.parameters["coding"] ?? ""
                guard let encode = contentCodings[coding] else {
                    return .error(
                        .notFound,
                        "no coding \(coding): use " + contentCodings.keys.sorted().joined(separator: ", ")
                    )
                }
                var headers = HTTPHeaders()
                headers.add(name: "content-encoding", value: coding)
                return .response(
                    .bytes(encode(Array(jsonDocument.utf8)), contentType: "application/json", headers: headers)
                )
            },
        ]
    }

    /// The bytes of base64 or base64url text (padding optional): what `/base64/{value}` returns, so a
    /// test can have the server send any bytes at all (line breaks, escape sequences).
    static func decodeBase64URL(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }

    /// `café naïve\n` in ISO-8859-1.
    static let latin1Bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0x6E, 0x61, 0xEF, 0x76, 0x65, 0x0A]
    /// `日本語\n` in Shift_JIS.
    static let shiftJISBytes: [UInt8] = [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x0A]

    /// The content codings the server writes (without compressing: stored, uncompressed or raw blocks).
    static let contentCodings: [String: @Sendable ([UInt8]) -> [UInt8]] = [
        "gzip": Deflate.gzip, "deflate": Deflate.zlib, "br": Brotli.uncompressed, "zstd": Zstd.raw,
    ]

    /// The echo JSON, compressed, with `Content-Encoding` set and `key` true (as httpbin marks them).
    private static func compressed(
        _ request: RouteRequest,
        encoding: String,
        key: String,
        _ encode: ([UInt8]) -> [UInt8]
    ) -> RouteReply {
        var object = request.echoObject
        object[key] = true
        let plain = RouteResponse.json(object)
        var headers = HTTPHeaders()
        headers.add(name: "content-encoding", value: encoding)
        return .response(
            .bytes(encode(Array(plain.body.readableBytesView)), contentType: "application/json", headers: headers)
        )
    }
}
