/// Memory for the text a statement's parameters are bound to, reused from one execution to the next.
///
/// Bound with `SQLITE_TRANSIENT`, SQLite copies each text into a buffer of its own and frees it on the next
/// bind: two allocations per text, five or more texts per result. Copied here instead and bound with
/// `SQLITE_STATIC`, a text costs a copy into memory already mapped. SQLite keeps pointing at a text after the
/// statement ran, until the parameter is bound again or the statement is finalized, and reads it only while
/// the statement runs: `SQLiteBinder` binds every parameter before each run, so `reset()` at the start of a
/// run may hand the same bytes out again.
///
/// Not `Sendable`: used on the writer's queue only, with the statements that point into it.
final class TextArena {
    /// Bytes handed out from each chunk (its own start address and size).
    private var chunks: [UnsafeMutableRawBufferPointer] = []
    /// The chunk handing out bytes now, and how much of it is used.
    private var current = 0
    private var used = 0

    /// The size of a chunk (a larger text gets a chunk of its size).
    static let chunkSize = 64 * 1024
    /// Chunks kept between runs beyond the first are freed past this total (a run that bound large bodies).
    static let keptBytes = 1024 * 1024

    init() {}

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// Starts a statement run: every byte may be handed out again.
    func reset() {
        current = 0
        used = 0
        if chunks.count > 1, chunks.reduce(0, { $0 + $1.count }) > Self.keptBytes {
            for chunk in chunks.dropFirst() { chunk.deallocate() }
            chunks.removeSubrange(1...)
        }
    }

    /// A copy of `bytes`, valid until `reset()`.
    func store(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        let start = reserve(bytes.count)
        if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: bytes.count) }
        return UnsafePointer(start.assumingMemoryBound(to: CChar.self))
    }

    /// `count` bytes written by `body` (which returns how many it wrote, at most `count`), valid until
    /// `reset()`; nil when `body` returns nil (nothing is kept).
    func write(
        upTo count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int?
    ) -> (text: UnsafePointer<CChar>, count: Int)? {
        let start = reserve(count)
        guard let written = body(UnsafeMutableBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)),
            written <= count
        else {
            used -= count
            return nil
        }
        used -= count - written
        return (UnsafePointer(start.assumingMemoryBound(to: CChar.self)), written)
    }

    /// `count` bytes of the current chunk, moving to the next (or a new) chunk when they do not fit.
    private func reserve(_ count: Int) -> UnsafeMutableRawPointer {
        while true {
            if current < chunks.count {
                let chunk = chunks[current]
                if chunk.count - used >= count {
                    defer { used += count }
                    return chunk.baseAddress! + used
                }
                current += 1
                used = 0
            } else {
                chunks.append(.allocate(byteCount: max(Self.chunkSize, count), alignment: 8))
            }
        }
    }
}
