import AFSession
import Foundation

/// What an attempt produced, as the assertion evaluator sees it.
public struct ResponseContext: Sendable {
    /// The response head, nil when the server was rejected or the transfer failed.
    public var response: HTTPResponse?
    /// The body.
    public var body: Data
    /// The transfer's metrics.
    public var metrics: TransferMetrics?
    /// The security policy's rejection, when the session refused the server.
    public var rejection: TrustRejection?
    /// When the assertions are evaluated (for `expiresInDays`).
    public var now: Date

    /// Creates a context.
    public init(response: HTTPResponse?, body: Data = Data(), metrics: TransferMetrics? = nil, rejection: TrustRejection? = nil, now: Date = Date()) {
        self.response = response
        self.body = body
        self.metrics = metrics
        self.rejection = rejection
        self.now = now
    }

    /// The body as text, decoded by the charset the response declares (UTF-8 when none; bytes invalid in
    /// it replaced).
    public var text: String { BodyText.decode(body, charset: response?.textEncodingName) }
}
