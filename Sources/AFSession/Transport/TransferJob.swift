import Foundation

/// Everything the transfer loop needs to run one transfer, built off the loop and handed over
/// in a `.start` command; the loop makes its own `Transfer` from it.
///
/// An immutable class: the job passes from the task through the loop's command queue into its
/// `Transfer`, and as a struct each hand-over retained each of its ten fields' references.
final class TransferJob: Sendable {
    /// Where the response body goes.
    enum Sink: Sendable {
        /// Collected in memory (data and upload tasks).
        case memory
        /// Streamed to this file, created or truncated at start (download tasks).
        case file(URL)

        /// Whether the body is collected in memory.
        var isMemory: Bool {
            if case .memory = self { return true }
            return false
        }
    }

    /// The task identifier, unique within the session; the loop's key for cancel and pause.
    let id: Int
    /// The request with the session's default headers applied.
    let request: HTTPRequest
    /// The session's resolved transport options.
    let options: TransportOptions
    /// Where the body goes.
    let sink: Sink
    /// Whether to install libcurl's progress callback (it costs a little on every chunk).
    let reportsProgress: Bool
    /// Receives progress and the outcome, on the loop thread; must not run user code there.
    let delegate: any TransferDelegate
    /// The URL as given to libcurl and the request header lines (`headerLines(for:)`), worked out
    /// by the submitting thread: the loop thread, the busiest of a large run, only hands them over.
    let urlText: String
    let headerLines: [String]
    /// The cookie store that serves the transfer: the request's own, else the session's; nil when
    /// the request handles no cookies or the session keeps none.
    let cookieStore: CookieStore?
    /// The request's own `Cookie` header when a cookie store serves the transfer: given to libcurl
    /// as `CURLOPT_COOKIE`, which it sends in the same `Cookie` line as the store's cookies (as a
    /// header line it would be a second `Cookie` header, which RFC 6265 forbids).
    let cookie: String?

    /// Creates a job; `urlText` and `headerLines` are derived from `request`.
    init(
        id: Int,
        request: HTTPRequest,
        options: TransportOptions,
        sink: Sink,
        reportsProgress: Bool,
        delegate: any TransferDelegate
    ) {
        self.id = id
        self.request = request
        self.options = options
        self.sink = sink
        self.reportsProgress = reportsProgress
        self.delegate = delegate
        urlText = request.url.absoluteString
        cookieStore = request.handlesCookies ? request.cookieStore ?? options.cookieStore : nil
        let own = cookieStore != nil ? request.headers.values(for: "Cookie") : []
        cookie = own.isEmpty ? nil : own.joined(separator: "; ")
        headerLines = Self.headerLines(for: request, leavingOutCookie: cookie != nil)
    }

    /// The request's header fields as libcurl header lines (without `Cookie` when libcurl gets it
    /// through `CURLOPT_COOKIE`).
    static func headerLines(for request: HTTPRequest, leavingOutCookie: Bool = false) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(request.headers.fields.count + 1)
        for field in request.headers {
            if leavingOutCookie, field.name.caseInsensitiveEquals("Cookie") { continue }
            // `Name;` is libcurl's spelling for a header sent with an empty value.
            lines.append(field.value.isEmpty ? field.name + ";" : field.name + ": " + field.value)
        }
        // The fixture server (and many others) never answers `Expect: 100-continue`; libcurl
        // would wait a second for it on every upload.
        if !request.headers.contains(name: "Expect") { lines.append("Expect:") }
        return lines
    }
}

/// The session configuration turned into what libcurl needs, computed once per session.
///
/// A class (immutable, shared): every task and every transfer job holds it, and as a struct each
/// of those copies retained every reference in the configuration.
final class TransportOptions: Sendable {
    /// The session configuration.
    let configuration: SessionConfiguration
    /// What the security policy asks of libcurl (`SecurityPolicy.transportSettings()`).
    let tls: TLSTransportSettings
    /// The session's cookie store (`cookiesEnabled`), shared by its transfers.
    let cookieStore: CookieStore?

    init(configuration: SessionConfiguration) {
        self.configuration = configuration
        self.tls = configuration.securityPolicy.transportSettings()
        cookieStore = configuration.cookiesEnabled ? CookieStore() : nil
    }
}

/// Receives what the loop learns about a transfer. Progress is reported on the loop thread, a
/// finished transfer's outcome on the loop's delivery queue (in batches, after each pass) or, for
/// transfers the loop ends itself, on the loop thread: implementations hand work to other queues
/// and return at once.
protocol TransferDelegate: AnyObject, Sendable {
    /// Bytes moved so far; called at most every few milliseconds while progress is reported.
    func transferDidProgress(upload: TransferProgress, download: TransferProgress)
    /// The transfer ended; called exactly once per started transfer, after its last progress report.
    func transferDidFinish(_ outcome: TransferOutcome)
}

/// How a transfer ended.
struct TransferOutcome: Sendable {
    /// The body the transfer produced.
    enum Body: Sendable {
        /// Collected in memory (up to the request's `maxBodyBytes`), with what was seen of the whole.
        case data(Data, ResponseBodySummary)
        /// Written to this (temporary) file.
        case file(URL)
    }

    /// The request as sent.
    let request: HTTPRequest
    /// The response head, when one arrived (also on some failures, e.g. a truncated body).
    let response: HTTPResponse?
    /// The body, on success.
    var body: Body?
    /// The error, on failure.
    var error: SessionError?
    /// What libcurl measured; nil when the transfer never started.
    let metrics: TransferMetrics?

    /// A failure before or without any libcurl measurement.
    static func failure(_ error: SessionError, request: HTTPRequest) -> TransferOutcome {
        TransferOutcome(request: request, response: nil, body: nil, error: error, metrics: nil)
    }
}
