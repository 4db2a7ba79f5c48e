import AFSession
import Foundation
import JSONPath

/// What an attempt produced, as the assertion evaluator sees it.
public struct ResponseContext: Sendable {
    /// The response head, nil when the server was rejected or the transfer failed.
    public var response: HTTPResponse?
    /// The body, or its first `maxBodyBytes` bytes when it was longer (see `bodySummary`).
    public var body: Data {
        didSet { cache = ResponseBodyCache() }
    }
    /// The whole body's length and SHA-256 (when asked for), and whether `body` holds all of it.
    public var bodySummary: ResponseBodySummary
    /// The transfer's metrics.
    public var metrics: TransferMetrics?
    /// The security policy's rejection, when the session refused the server.
    public var rejection: TrustRejection?
    /// When the assertions are evaluated (for `expiresInDays`).
    public var now: Date
    /// The values `expect.captures` assertions see, by name: the test's own captures (taken from this
    /// response before its expectations) and earlier tests' (as variables hold them).
    public var captures: [String: JSONValue] = [:]
    /// The parsed JSON and decoded text of `body`, shared by this context's copies.
    private var cache = ResponseBodyCache()

    /// Creates a context.
    /// - Parameter bodySummary: what was seen of the whole body; by default `body` is all of it.
    public init(
        response: HTTPResponse?,
        body: Data = Data(),
        bodySummary: ResponseBodySummary? = nil,
        metrics: TransferMetrics? = nil,
        rejection: TrustRejection? = nil,
        now: Date = Date()
    ) {
        self.response = response
        self.body = body
        self.bodySummary = bodySummary ?? ResponseBodySummary(length: Int64(body.count), keptLength: Int64(body.count))
        self.metrics = metrics
        self.rejection = rejection
        self.now = now
    }

    /// Why assertions that read the whole body cannot be evaluated: the body was longer than the
    /// bytes kept (`maxBodyBytes`); nil when `body` is the whole body. A compressed body's sizes are both
    /// given: the limit applies to the decoded bytes, which a small body on the wire can multiply.
    public var truncationProblem: String? {
        guard bodySummary.isTruncated else { return nil }
        let fix =
            ": raise `maxBodyBytes` in the test's request or the suite's defaults, or --max-body; `bytes` and"
            + " `sha256` work on bodies of any size"
        guard let received = bodySummary.receivedLength else {
            return "the body is \(bodySummary.length) bytes, more than maxBodyBytes (\(bodySummary.keptLength))" + fix
        }
        return "the decoded body is \(bodySummary.length) bytes, more than maxBodyBytes (\(bodySummary.keptLength));"
            + " the server sent \(received) bytes (Content-Encoding: "
            + bodySummary.contentCodings.joined(separator: ", ") + ")" + fix
    }

    /// Why the body could not be decoded from its `Content-Encoding` (only a test with `rawBody` decodes it
    /// in afrun; libcurl decodes the others, and fails the transfer on a coding it cannot undo); nil when it
    /// was, or had no coding.
    public var decodingProblem: String? {
        guard let failure = bodySummary.encoded?.decodingFailure else { return nil }
        return failure.description + ": assertions on the decoded body cannot be checked; `rawBody` still can"
    }

    /// Why assertions that read the decoded body cannot be evaluated: it could not be decoded
    /// (``decodingProblem``) or only part of it was kept (``truncationProblem``).
    public var unreadableBodyProblem: String? { decodingProblem ?? truncationProblem }

    /// The body as text, decoded by the charset the response declares (UTF-8 when none; bytes invalid in
    /// it replaced).
    /// Decoded once per context, however many assertions and captures read it.
    public var text: String { cache.text(of: body, charset: response?.textEncodingName) }

    /// The body parsed as JSON: parsed on the first call, then shared by every JSONPath assertion, the
    /// pass shortcut and every JSONPath capture on this response.
    public var jsonDocument: Result<JSONDocument, JSONParseError> { cache.document(of: body) }

    /// Whether the body is read as HTML for XPath: its media type names `html`.
    var isHTML: Bool { response?.mimeType?.contains("html") ?? false }

    /// Why XPath cannot read the body, for assertion and capture messages: it is empty, or it is not the XML
    /// or HTML it is read as (libxml2's reason), with a pointer to `json` when the response says it is JSON.
    func xpathProblem(_ error: XPathDocument.Failure) -> String {
        if body.isEmpty { return "the body is empty; XPath reads an XML or HTML document" }
        let problem = "the body is not \(isHTML ? "HTML" : "XML") (\(error.message))"
        guard let type = response?.mimeType, type.contains("json") else { return problem }
        return problem + "; the response is `\(type)`: read it with `json`"
    }

    /// Calls `use` with the body parsed for XPath (HTML when ``isHTML``, else XML): parsed on the first call,
    /// then shared by every XPath assertion and capture on this response.
    func withXPathDocument<R>(_ use: (Result<XPathDocument, XPathDocument.Failure>) -> R) -> R {
        cache.withXPathDocument(of: body, html: isHTML, charset: response?.textEncodingName, use)
    }
}
