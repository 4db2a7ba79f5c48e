/// Small valid images, built here from their format specifications rather than stored as blobs.
enum ImageRoutes {
    static var routes: [Route] {
        [
            Route("/image") { request in
                let accept = request.headers.first(name: "accept") ?? "image/png"
                if accept.contains("image/jpeg") { return .response(.bytes(jpeg, contentType: "image/jpeg")) }
                if accept.contains("image/gif") { return .response(.bytes(gif, contentType: "image/gif")) }
                return .response(.bytes(png, contentType: "image/png"))
            },
            Route("/image/png") { _ in .response(.bytes(png, contentType: "image/png")) },
            Route("/image/jpeg") { _ in .response(.bytes(jpeg, contentType: "image/jpeg")) },
            Route("/image/gif") { _ in .response(.bytes(gif, contentType: "image/gif")) },
        ]
    }

    /// An 8×8 RGB gradient PNG: IHDR, one IDAT (zlib of stored blocks), IEND.
    static let png: [UInt8] = {
        let side = 8
        var scanlines: [UInt8] = []
        for y in 0..<side {
            scanlines.append(0)  // filter type None
            for x in 0..<side { scanlines += [UInt8(x * 32), UInt8(y * 32), 128] }
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return bigEndian32(UInt32(data.count)) + typed + bigEndian32(Checksums.crc32(typed))
        }
        let header = bigEndian32(UInt32(side)) + bigEndian32(UInt32(side)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + chunk("IHDR", header)
            + chunk("IDAT", Deflate.zlib(scanlines)) + chunk("IEND", [])
    }()

    /// A 1×1 GIF89a: a two-colour table and one LZW-coded pixel (clear, 0, end).
    static let gif: [UInt8] =
        Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0xff, 0x66, 0x00, 0xff, 0xff, 0xff]
        + [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3b]

    /// An 8×8 grey baseline JPEG: one component, unit quantisation, and Huffman tables with a single
    /// one-bit code each, so the whole scan is "DC difference 0, end of block" (bits 00, padded with 1s).
    static let jpeg: [UInt8] = {
        var bytes: [UInt8] = [0xff, 0xd8]  // SOI
        bytes += [0xff, 0xe0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]  // APP0
        bytes += [0xff, 0xdb, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)  // DQT table 0
        bytes += [0xff, 0xc0, 0x00, 0x0b, 8, 0, 8, 0, 8, 1, 1, 0x11, 0]  // SOF0: 8-bit, 8×8, 1 component
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]  // one code of length 1, symbol 0
        bytes += [0xff, 0xc4, 0x00, 0x14, 0x00] + oneCode  // DHT DC table 0
        bytes += [0xff, 0xc4, 0x00, 0x14, 0x10] + oneCode  // DHT AC table 0 (symbol 0 = end of block)
        bytes += [0xff, 0xda, 0x00, 0x08, 1, 1, 0x00, 0, 63, 0]  // SOS
        bytes += [0x3f]  // scan data
        bytes += [0xff, 0xd9]  // EOI
        return bytes
    }()

    private static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}
