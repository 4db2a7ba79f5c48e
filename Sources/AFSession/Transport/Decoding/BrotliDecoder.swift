import CBrotli

/// `br` through the brotli library's streaming decoder.
final class BrotliDecoder: ContentDecoding {
    private let state: OpaquePointer
    private let buffer: UnsafeMutablePointer<UInt8>
    private var ended = false

    /// Starts a decoder.
    init() throws(ContentDecodingFailure) {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
            throw ContentDecodingFailure(coding: "br", reason: .corrupt("out of memory"))
        }
        self.state = state
        buffer = .allocate(capacity: contentDecoderBufferSize)
    }

    deinit {
        BrotliDecoderDestroyInstance(state)
        buffer.deallocate()
    }

    func decode(
        _ input: UnsafeRawBufferPointer,
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    ) throws(ContentDecodingFailure) {
        guard !ended, let base = input.baseAddress, !input.isEmpty else { return }
        var availableIn = input.count
        var nextIn: UnsafePointer<UInt8>? = base.assumingMemoryBound(to: UInt8.self)
        while true {
            var availableOut = contentDecoderBufferSize
            var nextOut: UnsafeMutablePointer<UInt8>? = buffer
            let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
            let produced = contentDecoderBufferSize - availableOut
            if produced > 0 { try output(UnsafeRawBufferPointer(start: buffer, count: produced)) }
            switch result {
            case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
            case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: return
            case BROTLI_DECODER_RESULT_SUCCESS:
                ended = true
                return
            default:
                let code = BrotliDecoderGetErrorCode(state)
                let message = BrotliDecoderErrorString(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
                throw ContentDecodingFailure(coding: "br", reason: .corrupt(message))
            }
        }
    }

    func finish(
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    )
        throws(ContentDecodingFailure)
    {
        guard ended else { throw ContentDecodingFailure(coding: "br", reason: .truncated) }
    }
}
