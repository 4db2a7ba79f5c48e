/// The byte stream of `/bytes/{n}?seed=S`: SplitMix64 seeded with `S` (default 0).
///
/// Formula, so any client can recompute it: keep a 64-bit `state = S`; for each 8-byte block,
/// `state += 0x9E3779B97F4A7C15`, `z = state`, `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9`,
/// `z = (z ^ (z >> 27)) * 0x94D049BB133111EB`, `z ^= z >> 31` (all wrapping), then emit `z`
/// little-endian. The body is the first `n` bytes of that stream.
struct DeterministicBytes {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Fills `buffer` with the next bytes; `buffer.count` must be a multiple of 8 except for the last call.
    mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        var offset = 0
        while offset < buffer.count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z &>> 31
            let take = min(8, buffer.count - offset)
            if take == 8 {
                buffer.storeBytes(of: z.littleEndian, toByteOffset: offset, as: UInt64.self)
            } else {
                for index in 0..<take { buffer[offset + index] = UInt8(truncatingIfNeeded: z >> UInt64(8 * index)) }
            }
            offset += take
        }
    }
}
