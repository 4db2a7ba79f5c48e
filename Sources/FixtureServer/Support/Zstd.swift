/// A Zstandard frame (RFC 8878) of raw blocks: valid zstd that any decoder reads, built without a
/// compression library (as `Deflate` builds stored blocks).
enum Zstd {
    /// The most bytes one block holds (`Block_Maximum_Size`).
    private static let blockLimit = 128 * 1024

    /// `bytes` as one zstd frame.
    static func raw(_ bytes: [UInt8]) -> [UInt8] {
        // Magic number, then the frame header: Single_Segment_flag set and a 4-byte Frame_Content_Size
        // (descriptor 0b10_1_0_0_0_00), so the window is the content and no window descriptor follows.
        var out: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0xA0]
        out.reserveCapacity(bytes.count + 9 + 3 * (bytes.count / blockLimit + 1))
        out.append(contentsOf: littleEndian(UInt32(bytes.count), count: 4))
        var start = 0
        repeat {
            let end = min(start + blockLimit, bytes.count)
            // Block header, 3 bytes little-endian: Last_Block (bit 0), Block_Type 0 = raw (bits 1-2),
            // Block_Size (bits 3-23).
            let last: UInt32 = end == bytes.count ? 1 : 0
            out.append(contentsOf: littleEndian(UInt32(end - start) << 3 | last, count: 3))
            out.append(contentsOf: bytes[start..<end])
            start = end
        } while start < bytes.count
        return out
    }

    private static func littleEndian(_ value: UInt32, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
