import CZlib

/// `gzip` and `deflate` through zlib's `inflate`.
///
/// `deflate` is meant to be a zlib stream (RFC 9110 §8.4.1.2), but some servers send raw deflate: as libcurl
/// does, a stream whose first two bytes zlib rejects as a zlib header is read again as raw deflate.
final class ZlibInflater: ContentDecoding {
    /// The container zlib expects.
    enum Format {
        /// RFC 1952 (`gzip`, `x-gzip`).
        case gzip
        /// RFC 1950, else raw RFC 1951 (`deflate`).
        case deflate
    }

    private let coding: String
    private let format: Format
    /// Heap memory: zlib keeps a pointer back to its stream and refuses one that moved.
    private let stream: UnsafeMutablePointer<z_stream>
    private let buffer: UnsafeMutablePointer<UInt8>
    /// For `deflate`: the first two bytes, until both are in.
    private let header: UnsafeMutablePointer<UInt8>
    private var headerCount = 0
    /// Whether `inflateInit2` succeeded, so `inflateEnd` is owed.
    private var initialized = false
    /// For `deflate`: whether the first two bytes went to zlib (no raw fallback after that).
    private var headerChecked = false
    private var ended = false

    /// Starts a decoder for `coding` (the name as the response wrote it, for messages).
    init(coding: String, format: Format) throws(ContentDecodingFailure) {
        self.coding = coding
        self.format = format
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        buffer = .allocate(capacity: contentDecoderBufferSize)
        header = .allocate(capacity: 2)
        // 15 + 16: the largest window, gzip container only; 15: zlib container.
        try start(windowBits: format == .gzip ? 15 + 16 : 15)
    }

    deinit {
        if initialized { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        buffer.deallocate()
        header.deallocate()
    }

    private func start(windowBits: Int32) throws(ContentDecodingFailure) {
        if initialized {
            inflateEnd(stream)
            initialized = false
        }
        stream.pointee = z_stream()
        let status = afz_inflate_init2(stream, windowBits)
        guard status == Z_OK else { throw failure(status) }
        initialized = true
    }

    func decode(
        _ input: UnsafeRawBufferPointer,
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    ) throws(ContentDecodingFailure) {
        guard !ended, let base = input.baseAddress, !input.isEmpty else { return }
        if format == .deflate, !headerChecked {
            // The zlib header is two bytes, which may come in two calls: kept until both are in, then
            // given to zlib; if it refuses them as a header, they start a raw deflate stream instead.
            let take = min(2 - headerCount, input.count)
            (header + headerCount).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: take)
            headerCount += take
            guard headerCount == 2 else { return }
            headerChecked = true
            let head = UnsafeRawBufferPointer(start: header, count: 2)
            do throws(ContentDecodingFailure) {
                try inflate(head, into: output)
            } catch {
                try start(windowBits: -15)
                try inflate(head, into: output)
            }
            try inflate(UnsafeRawBufferPointer(rebasing: input[take...]), into: output)
            return
        }
        try inflate(input, into: output)
    }

    private func inflate(
        _ input: UnsafeRawBufferPointer,
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    ) throws(ContentDecodingFailure) {
        guard !ended, let base = input.baseAddress, !input.isEmpty else { return }
        // zlib reads `next_in` only; the pointer type is not `const` in its header.
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        repeat {
            stream.pointee.next_out = buffer
            stream.pointee.avail_out = UInt32(contentDecoderBufferSize)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = contentDecoderBufferSize - Int(stream.pointee.avail_out)
            if produced > 0 { try output(UnsafeRawBufferPointer(start: buffer, count: produced)) }
            switch status {
            case Z_OK: continue
            case Z_STREAM_END:
                // What follows the stream (padding some servers add) is ignored, as libcurl ignores it.
                ended = true
                return
            case Z_BUF_ERROR: return
            default: throw failure(status)
            }
        } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
    }

    func finish(
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    )
        throws(ContentDecodingFailure)
    {
        guard ended else { throw ContentDecodingFailure(coding: coding, reason: .truncated) }
    }

    private func failure(_ status: Int32) -> ContentDecodingFailure {
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
        return ContentDecodingFailure(coding: coding, reason: .corrupt(message))
    }
}
