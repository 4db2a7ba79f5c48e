import Foundation
import Testing

@testable import AFSession

/// Image header decoding and the image serializer's type checks.
@Suite struct ImageResponseSerializerTests {
    static func png(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(Data("IHDR".utf8))
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
        return data
    }

    /// SOI, an APP0 segment, a DQT segment, then SOF (`marker`) with the size, then SOS.
    static func jpeg(width: UInt16, height: UInt16, marker: UInt8 = 0xC0) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        data.append(Data("JFIF\0".utf8))
        data.append(contentsOf: [1, 1, 0, 0, 1, 0, 1, 0, 0])
        data.append(contentsOf: [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x01])
        data.append(contentsOf: [
            0xFF, 0xFF, marker, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), 3,
        ])
        data.append(Data(repeating: 0, count: 9))
        data.append(contentsOf: [0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9])
        return data
    }

    static func gif(width: UInt16, height: UInt16) -> Data {
        var data = Data("GIF89a".utf8)
        data.append(contentsOf: [
            UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0, 0, 0,
        ])
        return data
    }

    static func bmp(width: Int32, height: Int32) -> Data {
        var data = Data("BM".utf8)
        data.append(Data(count: 12))
        for value in [Int32(40), width, height] {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(Data(count: 28))
        return data
    }

    static func tiff(width: UInt16, height: UInt32) -> Data {
        var data = Data([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 2])
        data.append(contentsOf: [0x01, 0x00, 0x00, 0x03, 0, 0, 0, 1, UInt8(width >> 8), UInt8(width & 0xFF), 0, 0])
        data.append(contentsOf: [0x01, 0x01, 0x00, 0x04, 0, 0, 0, 1])
        withUnsafeBytes(of: height.bigEndian) { data.append(contentsOf: $0) }
        return data
    }

    static let headers: [(String, Data, ImageInfo.Format, Int, Int)] = [
        ("image/png", png(width: 640, height: 480), .png, 640, 480),
        ("image/png", png(width: 1, height: 70_000), .png, 1, 70_000),
        ("image/jpeg", jpeg(width: 1920, height: 1080), .jpeg, 1920, 1080),
        ("image/jpeg", jpeg(width: 33, height: 44, marker: 0xC2), .jpeg, 33, 44),
        ("image/gif", gif(width: 300, height: 2), .gif, 300, 2),
        ("image/bmp", bmp(width: 12, height: -34), .bmp, 12, 34),
        ("image/x-win-bitmap", bmp(width: 5, height: 6), .bmp, 5, 6),
        ("image/tiff", tiff(width: 77, height: 88), .tiff, 77, 88),
        ("image/x-icon", Data([0, 0, 1, 0, 1, 0, 0, 32, 0, 0]), .ico, 256, 32),
        (
            "image/x-xbitmap", Data("#define i_width 16\n#define i_height 8\nstatic char i_bits[] = {};".utf8), .xbm,
            16, 8
        ),
    ]

    @Test("headers decode to format, width and height", arguments: headers)
    func decode(contentType: String, data: Data, format: ImageInfo.Format, width: Int, height: Int) throws {
        let info = try ImageResponseSerializer().serialize(response: makeResponse(contentType: contentType), data: data)
        #expect(info == ImageInfo(format: format, width: width, height: height))
        #expect(ImageInfo(data: data) == info)
    }

    static let mismatches: [(String, Data)] = [
        ("image/jpeg", png(width: 1, height: 1)),
        ("image/png", Data("<html>not an image</html>".utf8)),
        ("image/png", png(width: 1, height: 1).prefix(20)),
        ("image/gif", Data("GIF89".utf8)),
        ("image/jpeg", Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])),
        ("image/png", png(width: 0, height: 5)),
    ]

    @Test("a body that is not an image of its declared type is rejected", arguments: mismatches)
    func mismatch(contentType: String, data: Data) {
        #expect {
            try ImageResponseSerializer().serialize(response: makeResponse(contentType: contentType), data: data)
        } throws: { error in
            guard case .responseSerialization(let failure) = error as? SessionError else { return false }
            return failure.kind == .notAnImage(declared: contentType)
        }
    }

    @Test(
        "types outside AF's image list fail validation",
        arguments: ["image/webp", "text/html", "application/octet-stream"]
    )
    func unacceptableType(contentType: String) {
        #expect {
            try ImageResponseSerializer().serialize(
                response: makeResponse(contentType: contentType),
                data: Self.png(width: 1, height: 1)
            )
        } throws: { error in
            if case .responseValidation(let failure) = error as? SessionError {
                return failure.reason == .unacceptableContentType(contentType)
            }
            return false
        }
    }
}
