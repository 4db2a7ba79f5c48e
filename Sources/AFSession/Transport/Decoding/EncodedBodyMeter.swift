/// Counts and hashes a response body as it comes over the wire (libcurl's decoding switched off), and
/// undoes its `Content-Encoding` as the bytes arrive, handing the decoded bytes on to be kept, counted and
/// hashed as any body is.
///
/// Not `Sendable`: used by one transfer on the transfer-loop thread.
final class EncodedBodyMeter {
    /// Where decoding stands.
    private enum State {
        /// No body byte yet: the response head that decides the codings may still change (a redirect).
        case awaitingFirstByte
        /// Nothing to undo (no coding, or the session does not decode): the bytes are the body.
        case passthrough
        /// Undoing the codings.
        case decoding(ContentDecoderChain)
        /// Decoding stopped; the rest of the body is counted and hashed but not decoded.
        case failed(ContentDecodingFailure)
    }

    private var state = State.awaitingFirstByte
    private let decodes: Bool
    private var length: Int64 = 0
    private let hasher = SHA256Hasher()
    private var codings: [String] = []

    /// Creates a meter.
    /// - Parameter decodes: whether codings are undone (the session's `automaticDecompression`: what libcurl
    ///   would have done); when false the bytes are passed on as they came.
    init(decodes: Bool) {
        self.decodes = decodes
    }

    /// Takes body bytes as they came: counts and hashes them, and passes them (decoded) to `keep`.
    /// - Parameters:
    ///   - contentEncoding: the response's `Content-Encoding` field values, read at the first byte.
    ///   - keep: takes a decoded piece; false stops decoding (the transfer ran out of time), which no later
    ///     call resumes.
    func take(
        _ bytes: UnsafeRawBufferPointer,
        contentEncoding: @autoclosure () -> [String],
        keep: (UnsafeRawBufferPointer) -> Bool
    ) {
        length += Int64(bytes.count)
        hasher.update(bytes)
        if case .awaitingFirstByte = state { start(codings: ContentDecoderChain.codings(in: contentEncoding())) }
        switch state {
        case .passthrough: _ = keep(bytes)
        case .decoding(let chain):
            let coding = codings.joined(separator: ", ")
            do throws(ContentDecodingFailure) {
                try chain.decode(bytes) { (piece) throws(ContentDecodingFailure) in
                    if !keep(piece) { throw ContentDecodingFailure(coding: coding, reason: .stopped) }
                }
            } catch {
                state = .failed(error)
            }
        case .awaitingFirstByte, .failed: break
        }
    }

    private func start(codings: [String]) {
        self.codings = codings
        guard decodes else {
            state = .passthrough
            return
        }
        do throws(ContentDecodingFailure) {
            state = try ContentDecoderChain(codings: codings).map(State.decoding) ?? .passthrough
        } catch {
            state = .failed(error)
        }
    }

    /// Ends the body: any decoded bytes still held go to `keep`; returns what was seen.
    /// - Parameter contentEncoding: the response's `Content-Encoding` field values (for a body with no bytes).
    func finish(contentEncoding: [String], keep: (UnsafeRawBufferPointer) -> Void) -> EncodedBodySummary {
        switch state {
        case .awaitingFirstByte: codings = ContentDecoderChain.codings(in: contentEncoding)
        case .decoding(let chain):
            do throws(ContentDecodingFailure) {
                try chain.finish { keep($0) }
            } catch {
                state = .failed(error)
            }
        case .passthrough, .failed: break
        }
        var failure: ContentDecodingFailure?
        if case .failed(let error) = state { failure = error }
        return EncodedBodySummary(
            length: length,
            sha256: hasher.finish(),
            contentCodings: codings,
            decodingFailure: failure
        )
    }
}
