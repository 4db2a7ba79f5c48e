/// gzip, zlib and raw deflate containers around "stored" (uncompressed) deflate blocks.
///
/// Stored blocks are valid deflate (RFC 1951 §3.2.4), so clients decode the bodies with their normal
/// inflater; the server needs no compression library.
enum Deflate {
    /// Raw deflate: stored blocks of at most 65,535 bytes, the last one flagged final.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 5 * (bytes.count / 65_535 + 1))
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            out.append(end == bytes.count ? 1 : 0)  // BFINAL bit, BTYPE 00 (stored)
            out.append(contentsOf: littleEndian16(length))
            out.append(contentsOf: littleEndian16(~length))
            out.append(contentsOf: bytes[start..<end])
            start = end
        } while start < bytes.count
        return out
    }

    /// A gzip member (RFC 1952) holding `bytes`.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]
        out.append(contentsOf: stored(bytes))
        out.append(contentsOf: littleEndian32(Checksums.crc32(bytes)))
        out.append(contentsOf: littleEndian32(UInt32(truncatingIfNeeded: bytes.count)))
        return out
    }

    /// A zlib stream (RFC 1950) holding `bytes`.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out.append(contentsOf: stored(bytes))
        let adler = Checksums.adler32(bytes)
        out.append(contentsOf: [
            UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff),
        ])
        return out
    }

    private static func littleEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }
    private static func littleEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 24)]
    }
}
