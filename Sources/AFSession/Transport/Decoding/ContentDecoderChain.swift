/// The decoders for a response's `Content-Encoding`, innermost first: `gzip, br` was gzipped, then
/// brotli-compressed, so brotli is undone first and gzip second. Bytes go through every stage as they
/// arrive; nothing is collected between stages.
///
/// Not `Sendable`: used by one transfer on the transfer-loop thread.
final class ContentDecoderChain {
    /// The most codings undone, as libcurl limits them (a long stack is a cheap way to burn CPU).
    static let maximumCodings = 5

    /// The codings as declared, in the order the server applied them (lower case, `identity` left out).
    let codings: [String]
    /// The decoders in the order they run: the last coding applied first.
    private let stages: [any ContentDecoding]

    /// The codings the `Content-Encoding` field values `values` declare, in the order they were applied:
    /// lower case, `identity` and empty list items left out.
    static func codings(in values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingHorizontalWhitespace().lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
    }

    /// The chain that undoes `codings` (as ``codings(in:)`` lists them); nil when there are none.
    /// - Throws: the failure naming the first coding the session cannot decode, or too many codings.
    init?(codings: [String]) throws(ContentDecodingFailure) {
        guard !codings.isEmpty else { return nil }
        guard codings.count <= Self.maximumCodings else {
            throw ContentDecodingFailure(coding: codings.joined(separator: ", "), reason: .tooManyCodings)
        }
        var stages: [any ContentDecoding] = []
        for coding in codings.reversed() {
            switch coding {
            case "gzip", "x-gzip": stages.append(try ZlibInflater(coding: coding, format: .gzip))
            case "deflate": stages.append(try ZlibInflater(coding: coding, format: .deflate))
            case "br": stages.append(try BrotliDecoder())
            case "zstd": stages.append(try ZstdDecoder())
            default: throw ContentDecodingFailure(coding: coding, reason: .unsupported)
            }
        }
        self.codings = codings
        self.stages = stages
    }

    /// Decodes `input` through every stage, handing the fully decoded pieces to `output`.
    func decode(
        _ input: UnsafeRawBufferPointer,
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    ) throws(ContentDecodingFailure) {
        try feed(input, stage: 0, into: output)
    }

    /// Ends every stage in turn, each one's last output going through the stages after it.
    func finish(
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    )
        throws(ContentDecodingFailure)
    {
        for (index, stage) in stages.enumerated() {
            try stage.finish { (piece) throws(ContentDecodingFailure) in
                try feed(piece, stage: index + 1, into: output)
            }
        }
    }

    private func feed(
        _ input: UnsafeRawBufferPointer,
        stage index: Int,
        into output: (UnsafeRawBufferPointer) throws(ContentDecodingFailure) -> Void
    ) throws(ContentDecodingFailure) {
        guard index < stages.count else { return try output(input) }
        try stages[index].decode(input) { (piece) throws(ContentDecodingFailure) in
            try feed(piece, stage: index + 1, into: output)
        }
    }
}
