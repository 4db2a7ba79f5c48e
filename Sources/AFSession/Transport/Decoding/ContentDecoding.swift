/// One content coding's streaming decoder: bytes go in as they arrive, decoded bytes come out in pieces of
/// at most the decoder's buffer size, so a body of any size is decoded in bounded memory.
///
/// Implementations own a C decoder state; they are not `Sendable` and are used by one transfer on the
/// transfer-loop thread.
protocol ContentDecoding: AnyObject {
    /// Decodes `input`, handing each piece of output to `output` (valid only during that call).
    /// - Throws: the failure, naming the coding, when the bytes are not valid for it.
    func decode(
        _ input: UnsafeRawBufferPointer,
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    ) throws(ContentDecodingFailure)

    /// Ends the stream: hands over any output still held.
    /// - Throws: `.truncated` when the input ended before the coded stream did.
    func finish(
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    )
        throws(ContentDecodingFailure)
}

/// The output buffer size of every decoder: a few typical network reads' worth.
let contentDecoderBufferSize = 64 * 1024
