/// CRC-32 (as gzip and PNG use it) and Adler-32 (as zlib uses it).
enum Checksums {
    private static let crcTable: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// CRC-32 of `bytes`, continuing from `crc` (0 to start).
    static func crc32<Bytes: Sequence>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32
    where Bytes.Element == UInt8 {
        var value = ~crc
        for byte in bytes { value = crcTable[Int((value ^ UInt32(byte)) & 0xff)] ^ (value >> 8) }
        return ~value
    }

    /// Adler-32 of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
