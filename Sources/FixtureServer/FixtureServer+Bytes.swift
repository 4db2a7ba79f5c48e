/// The deterministic body of `/bytes/{n}?seed=S`, for tests that check what they downloaded.
extension FixtureServer {
    /// The default seed of `/bytes/{n}`.
    public static let defaultBytesSeed: UInt64 = 0

    /// The body `/bytes/{count}?seed={seed}` sends: SplitMix64 output, little-endian, truncated.
    ///
    /// Formula: `state = seed`; per 8 bytes `state += 0x9E3779B97F4A7C15`; `z = state`;
    /// `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9`; `z = (z ^ (z >> 27)) * 0x94D049BB133111EB`;
    /// `z ^= z >> 31`; emit `z` little-endian (wrapping arithmetic throughout).
    /// - Parameters:
    ///   - count: the number of bytes.
    ///   - seed: the `seed` query parameter.
    /// - Returns: the bytes (in memory: use ``bytesSHA256(count:seed:)`` for large counts).
    public static func bytes(count: Int, seed: UInt64 = defaultBytesSeed) -> [UInt8] {
        var generator = DeterministicBytes(seed: seed)
        return [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, initialized in
            generator.fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = max(0, count)
        }
    }

    /// The sha256 of `/bytes/{count}?seed={seed}`, computed in 64 KiB chunks without holding the body.
    /// - Parameters:
    ///   - count: the number of bytes.
    ///   - seed: the `seed` query parameter.
    /// - Returns: 64 lowercase hexadecimal characters.
    public static func bytesSHA256(count: Int, seed: UInt64 = defaultBytesSeed) -> String {
        var generator = DeterministicBytes(seed: seed)
        var digest = SHA256Digest()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var remaining = max(0, count)
        while remaining > 0 {
            let size = min(remaining, chunk.count)
            chunk.withUnsafeMutableBytes { buffer in
                let part = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
                generator.fill(part)
                digest.update(UnsafeRawBufferPointer(part))
            }
            remaining -= size
        }
        return digest.finalizeHex()
    }
}
