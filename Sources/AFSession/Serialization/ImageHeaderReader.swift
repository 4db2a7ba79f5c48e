/// Reads the size fields of image headers from raw bytes; every read is bounds-checked, so a
/// truncated or hostile header yields nil rather than a crash.
struct ImageHeaderReader {
    let bytes: [UInt8]

    private func byte(_ offset: Int) -> Int? { offset >= 0 && offset < bytes.count ? Int(bytes[offset]) : nil }
    private func be16(_ offset: Int) -> Int? {
        guard let a = byte(offset), let b = byte(offset + 1) else { return nil }
        return a << 8 | b
    }
    private func le16(_ offset: Int) -> Int? {
        guard let a = byte(offset), let b = byte(offset + 1) else { return nil }
        return b << 8 | a
    }
    private func be32(_ offset: Int) -> Int? {
        guard let high = be16(offset), let low = be16(offset + 2) else { return nil }
        return high << 16 | low
    }
    private func le32(_ offset: Int) -> Int? {
        guard let low = le16(offset), let high = le16(offset + 2) else { return nil }
        return high << 16 | low
    }
    private func starts(with prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && Array(bytes.prefix(prefix.count)) == prefix
    }

    /// Signature, then the IHDR chunk: width and height as big-endian 32-bit at 16 and 20.
    func png() -> (Int, Int)? {
        guard starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        guard let width = be32(16), let height = be32(20) else { return nil }
        return (width, height)
    }

    /// SOI, then segments until a start-of-frame marker: height and width as big-endian 16-bit.
    func jpeg() -> (Int, Int)? {
        guard starts(with: [0xFF, 0xD8]) else { return nil }
        var offset = 2
        while let marker0 = byte(offset) {
            guard marker0 == 0xFF else { return nil }
            var markerOffset = offset + 1
            while byte(markerOffset) == 0xFF { markerOffset += 1 }  // fill bytes
            guard let marker = byte(markerOffset) else { return nil }
            let segment = markerOffset + 1
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset = segment
                continue
            }
            // Start of scan or end of image before any frame header: no size to read.
            if marker == 0xDA || marker == 0xD9 { return nil }
            guard let length = be16(segment), length >= 2 else { return nil }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                guard let height = be16(segment + 3), let width = be16(segment + 5) else { return nil }
                return (width, height)
            }
            offset = segment + length
        }
        return nil
    }

    /// `GIF87a` or `GIF89a`, then width and height as little-endian 16-bit.
    func gif() -> (Int, Int)? {
        guard starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) else { return nil }
        guard let width = le16(6), let height = le16(8) else { return nil }
        return (width, height)
    }

    /// `BM`, then the DIB header: 16-bit sizes in the old 12-byte header, signed 32-bit otherwise
    /// (a negative height means a top-down bitmap).
    func bmp() -> (Int, Int)? {
        guard starts(with: Array("BM".utf8)), let headerSize = le32(14) else { return nil }
        if headerSize == 12 {
            guard let width = le16(18), let height = le16(20) else { return nil }
            return (width, height)
        }
        guard headerSize >= 40, let width = le32(18), let height = le32(22) else { return nil }
        return (Int(Int32(truncatingIfNeeded: width)), abs(Int(Int32(truncatingIfNeeded: height))))
    }

    /// `II*\0` or `MM\0*`, then the first directory's tags 256 (width) and 257 (height).
    func tiff() -> (Int, Int)? {
        let little: Bool
        if starts(with: [0x49, 0x49, 0x2A, 0x00]) {
            little = true
        } else if starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            little = false
        } else {
            return nil
        }
        let u16 = { (o: Int) in little ? le16(o) : be16(o) }
        let u32 = { (o: Int) in little ? le32(o) : be32(o) }
        guard let directory = u32(4), let count = u16(directory) else { return nil }
        var width: Int?
        var height: Int?
        for index in 0..<count {
            let entry = directory + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2) else { return nil }
            guard tag == 256 || tag == 257 else { continue }
            // SHORT values sit in the first two bytes of the value field, LONG in all four.
            let value = type == 3 ? u16(entry + 8) : u32(entry + 8)
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// Reserved 0, type 1, a count, then the first entry: width and height bytes (0 means 256).
    func ico() -> (Int, Int)? {
        guard starts(with: [0, 0, 1, 0]), let count = le16(4), count > 0,
            let width = byte(6), let height = byte(7)
        else { return nil }
        return (width == 0 ? 256 : width, height == 0 ? 256 : height)
    }

    /// `#define name_width N` and `#define name_height N` lines.
    func xbm() -> (Int, Int)? {
        guard starts(with: Array("#define".utf8)) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        var width: Int?
        var height: Int?
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 3, words[0] == "#define", let value = Int(words[2]) else { continue }
            if words[1].hasSuffix("_width") { width = value }
            if words[1].hasSuffix("_height") { height = value }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }
}
