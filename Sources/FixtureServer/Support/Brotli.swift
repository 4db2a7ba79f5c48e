/// A brotli stream (RFC 7932) of uncompressed meta-blocks: valid brotli that any decoder reads, built
/// without a compression library (as `Deflate` builds stored blocks).
enum Brotli {
    /// The most bytes one uncompressed meta-block with a four-nibble length holds.
    private static let blockLimit = 1 << 16

    /// `bytes` as a brotli stream.
    static func uncompressed(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 3 * (bytes.count / blockLimit + 1) + 1)
        var start = 0
        var first = true
        while start < bytes.count {
            let end = min(start + blockLimit, bytes.count)
            // Bits, least significant first: [WBITS = 16: one 0 bit, first block only] ISLAST = 0,
            // MNIBBLES = 4 (00), MLEN - 1 in 16 bits, ISUNCOMPRESSED = 1; then zero bits to the byte boundary.
            var bits = UInt32(end - start - 1) << 3 | 1 << 19
            var count = 20
            if first {
                bits <<= 1
                count += 1
                first = false
            }
            for i in 0..<((count + 7) / 8) { out.append(UInt8(truncatingIfNeeded: bits >> (8 * i))) }
            out.append(contentsOf: bytes[start..<end])
            start = end
        }
        // The last meta-block, empty: ISLAST = 1, ISLASTEMPTY = 1 (after WBITS when nothing came before).
        out.append(bytes.isEmpty ? 0b110 : 0b11)
        return out
    }

    /// `gib` GiB of zero bytes as a brotli stream, as brotli's encoder writes it at quality 5 with a 16 MiB
    /// window, flushed every 16 MiB: the stream header with the first meta-block of 16 MiB of zeros, then the
    /// same 14-byte meta-block for each further 16 MiB (each ends on a byte boundary), then the empty last
    /// meta-block. A decompression bomb for tests of time limits.
    static func zeros(gib: Int) -> [UInt8] {
        let first: [UInt8] = [0xCF, 0xFF, 0xFF, 0x7F, 0x00, 0x24, 0x00, 0xE2, 0xB1, 0x40, 0x72, 0xEF, 0xFF, 0x0D]
        let next: [UInt8] = [0xFC, 0xFF, 0xFF, 0x07, 0x40, 0x02, 0x20, 0x0E, 0x0B, 0x40, 0xF7, 0xFE, 0xDF, 0x00]
        var bytes = first
        bytes.reserveCapacity(gib * 64 * next.count + 1)
        for _ in 1..<(gib * 64) { bytes += next }
        bytes.append(0x03)
        return bytes
    }
}
