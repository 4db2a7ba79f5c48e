import CZstd

/// `zstd` through the Zstandard library's streaming decoder (`ZSTD_decompressStream`), with its default
/// window limit (128 MiB), as libcurl uses it.
final class ZstdDecoder: ContentDecoding {
    private let stream: OpaquePointer
    private let buffer: UnsafeMutablePointer<UInt8>
    /// Whether the last call ended a frame (`ZSTD_decompressStream` returned 0): only then may the body end.
    private var atFrameEnd = false

    /// Starts a decoder.
    init() throws(ContentDecodingFailure) {
        guard let stream = ZSTD_createDStream() else {
            throw ContentDecodingFailure(coding: "zstd", reason: .corrupt("out of memory"))
        }
        self.stream = stream
        buffer = .allocate(capacity: contentDecoderBufferSize)
    }

    deinit {
        ZSTD_freeDStream(stream)
        buffer.deallocate()
    }

    func decode(
        _ input: UnsafeRawBufferPointer,
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    ) throws(ContentDecodingFailure) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        var source = ZSTD_inBuffer(src: base, size: input.count, pos: 0)
        var target = ZSTD_outBuffer(dst: buffer, size: contentDecoderBufferSize, pos: 0)
        repeat {
            target.pos = 0
            let hint = ZSTD_decompressStream(stream, &target, &source)
            if ZSTD_isError(hint) != 0 {
                let message = ZSTD_getErrorName(hint).map { String(cString: $0) } ?? "error"
                throw ContentDecodingFailure(coding: "zstd", reason: .corrupt(message))
            }
            atFrameEnd = hint == 0
            if target.pos > 0 { try output(UnsafeRawBufferPointer(start: buffer, count: target.pos)) }
        } while source.pos < source.size || target.pos == target.size
    }

    func finish(
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    )
        throws(ContentDecodingFailure)
    {
        guard atFrameEnd else { throw ContentDecodingFailure(coding: "zstd", reason: .truncated) }
    }
}
