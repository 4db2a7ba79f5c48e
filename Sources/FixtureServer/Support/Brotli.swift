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
}
