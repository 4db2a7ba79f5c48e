import Foundation

/// How a test ended.
public enum TestStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every expectation held.
    case passed
    /// An expectation did not hold.
    case failed
    /// The test could not be carried out (transport failure, TLS rejection not expected,
    /// undefined variable, unreadable file).
    case error
    /// Skipped by `skip`, `--filter` leaves it in the plan but it is not run, or `--fail-fast`.
    case skipped
}

/// A test's stable identity across runs: the suite file and the test name.
public struct TestIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The suite file's display path.
    public var suiteFile: String
    /// The suite's name.
    public var suiteName: String
    /// The test's name.
    public var testName: String

    /// Creates an identity.
    public init(suiteFile: String, suiteName: String, testName: String) {
        self.suiteFile = suiteFile
        self.suiteName = suiteName
        self.testName = testName
    }

    /// `suite name/test name`, the string `--filter` matches.
    public var description: String { "\(suiteName)/\(testName)" }
}

/// The outcome of one test, a value: what was sent, what came back, every assertion, the timings.
/// Secrets are already redacted when a result leaves the runner.
public struct TestResult: Sendable, Codable {
    /// Which test.
    public var identity: TestIdentity
    /// The line of the test in its suite file.
    public var line: Int
    /// How it ended.
    public var status: TestStatus
    /// Attempts made (1 without retries).
    public var attempts: Int
    /// When the first attempt started.
    public var startedAt: Date
    /// Wall time of all attempts, in milliseconds.
    public var durationMs: Double
    /// Every assertion of the last attempt.
    public var assertions: [AssertionResult]
    /// The failure that stopped the test, for `.error`.
    public var error: TestErrorInfo?
    /// Why the test was skipped, for `.skipped`.
    public var skipReason: String?
    /// The request sent (redacted).
    public var request: RequestSummary?
    /// The response received (redacted).
    public var response: ResponseSummary?
    /// Timing phases of the last attempt.
    public var timings: TimingSummary?
    /// TLS session and chain, for HTTPS.
    public var tls: TLSSummary?
    /// Captured variables (secret ones redacted).
    public var captures: [String: String]
    /// Assertions of a passed result that held and were checked without building their texts
    /// (`RunOptions.passedResultDetail` below `.full`): counted here, not listed in `assertions`.
    public var unlistedAssertions: Int = 0
    /// The test's tags (its suite's and its own), for reports and the history.
    public var tags: [String] = []
    /// Whether the result is of a setup test, a test or a teardown test.
    public var phase: TestPhase = .test

    /// How many assertions the last attempt evaluated, listed or not.
    public var assertionCount: Int { assertions.count + unlistedAssertions }

    /// Creates a result.
    public init(
        identity: TestIdentity,
        line: Int,
        status: TestStatus,
        attempts: Int = 1,
        startedAt: Date = Date(),
        durationMs: Double = 0,
        assertions: [AssertionResult] = [],
        error: TestErrorInfo? = nil,
        skipReason: String? = nil,
        request: RequestSummary? = nil,
        response: ResponseSummary? = nil,
        timings: TimingSummary? = nil,
        tls: TLSSummary? = nil,
        captures: [String: String] = [:]
    ) {
        self.identity = identity
        self.line = line
        self.status = status
        self.attempts = attempts
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.assertions = assertions
        self.error = error
        self.skipReason = skipReason
        self.request = request
        self.response = response
        self.timings = timings
        self.tls = tls
        self.captures = captures
    }

    /// The encoded properties: the count of unlisted assertions stays out (a report that lists every
    /// assertion is built at `.full` detail, where it is zero).
    private enum CodingKeys: String, CodingKey {
        case identity, line, status, attempts, startedAt, durationMs, assertions, error, skipReason, request, response
        case timings, tls, captures, tags, phase
    }

    /// One line per failed assertion, or the error message.
    public var failureMessages: [String] {
        if let error { return [error.message] }
        return assertions.filter { !$0.passed }.map(\.message)
    }
}

/// One assertion's outcome.
public struct AssertionResult: Sendable, Hashable, Codable {
    /// What was checked: `status`, `contentType`, `header`, `json`, `xpath`, `body`, `duration`,
    /// `tls`, `certificate`.
    public var kind: String
    /// The header name, JSON path, XPath or phase; nil for `status` and `body`.
    public var target: String?
    /// The predicate keyword (`equals`, `lt`…).
    public var predicate: String
    /// The expected value as JSON text or a description.
    public var expected: String
    /// The actual value as JSON text, nil when there was none.
    public var actual: String?
    /// Whether it held.
    public var passed: Bool
    /// A sentence for reports: `$.id: expected 42, got 41`.
    public var message: String

    /// Creates an assertion result.
    public init(
        kind: String,
        target: String?,
        predicate: String,
        expected: String,
        actual: String?,
        passed: Bool,
        message: String
    ) {
        self.kind = kind
        self.target = target
        self.predicate = predicate
        self.expected = expected
        self.actual = actual
        self.passed = passed
        self.message = message
    }
}

/// A failure that stopped a test.
public struct TestErrorInfo: Sendable, Hashable, Codable {
    /// A stable identifier: `cannotConnect`, `dnsFailure`, `timedOut`, `tlsFailure`, `tlsRejected`,
    /// `connectionLost`, `invalidResponse`, `tooManyRedirects`, `unreachable`, `undefinedVariable`,
    /// `request`, `transport`.
    public var kind: String
    /// A sentence.
    public var message: String
    /// libcurl's code, where there was one.
    public var curlCode: Int?

    /// Creates error info.
    public init(kind: String, message: String, curlCode: Int? = nil) {
        self.kind = kind
        self.message = message
        self.curlCode = curlCode
    }
}

/// A header field in a summary.
public struct HeaderField: Sendable, Hashable, Codable {
    /// The name.
    public var name: String
    /// The value (redacted where secret).
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The request as sent, redacted.
public struct RequestSummary: Sendable, Hashable, Codable {
    /// The method.
    public var method: String
    /// The URL.
    public var url: String
    /// The headers.
    public var headers: [HeaderField]
    /// The start of the body as text, if any.
    public var bodyExcerpt: String?

    /// Creates a summary.
    public init(method: String, url: String, headers: [HeaderField], bodyExcerpt: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.bodyExcerpt = bodyExcerpt
    }
}

/// The response as received, redacted, with a bounded body excerpt.
public struct ResponseSummary: Sendable, Hashable, Codable {
    /// The status code.
    public var status: Int
    /// `HTTP/1.1`, `HTTP/2`.
    public var httpVersion: String
    /// The headers.
    public var headers: [HeaderField]
    /// The start of the body as text.
    public var bodyExcerpt: String
    /// The body's length.
    public var bodyBytes: Int64
    /// The server's address.
    public var remoteIP: String?
    /// The server's port.
    public var remotePort: Int?

    /// Creates a summary.
    public init(
        status: Int,
        httpVersion: String,
        headers: [HeaderField],
        bodyExcerpt: String,
        bodyBytes: Int64,
        remoteIP: String? = nil,
        remotePort: Int? = nil
    ) {
        self.status = status
        self.httpVersion = httpVersion
        self.headers = headers
        self.bodyExcerpt = bodyExcerpt
        self.bodyBytes = bodyBytes
        self.remoteIP = remoteIP
        self.remotePort = remotePort
    }
}

/// Timing phases in milliseconds (see `TransferMetrics` for their definitions).
public struct TimingSummary: Sendable, Hashable, Codable {
    /// DNS lookup.
    public var dnsMs: Double
    /// TCP connect.
    public var connectMs: Double
    /// TLS handshake.
    public var tlsMs: Double
    /// Server wait (request sent to first byte).
    public var waitMs: Double
    /// Start to first byte.
    public var ttfbMs: Double
    /// Body download.
    public var downloadMs: Double
    /// Whole transfer.
    public var totalMs: Double
    /// Redirects.
    public var redirectMs: Double
    /// Queued in libcurl, where reported.
    public var queueMs: Double?
    /// Redirects followed.
    public var redirectCount: Int
    /// Whether the connection was reused.
    public var connectionReused: Bool
    /// Request bytes (headers and body).
    public var requestBytes: Int64
    /// Response bytes (headers and body).
    public var responseBytes: Int64

    /// Creates a summary.
    public init(
        dnsMs: Double,
        connectMs: Double,
        tlsMs: Double,
        waitMs: Double,
        ttfbMs: Double,
        downloadMs: Double,
        totalMs: Double,
        redirectMs: Double,
        queueMs: Double?,
        redirectCount: Int,
        connectionReused: Bool,
        requestBytes: Int64,
        responseBytes: Int64
    ) {
        self.dnsMs = dnsMs
        self.connectMs = connectMs
        self.tlsMs = tlsMs
        self.waitMs = waitMs
        self.ttfbMs = ttfbMs
        self.downloadMs = downloadMs
        self.totalMs = totalMs
        self.redirectMs = redirectMs
        self.queueMs = queueMs
        self.redirectCount = redirectCount
        self.connectionReused = connectionReused
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
    }
}

/// TLS evidence of a test.
public struct TLSSummary: Sendable, Hashable, Codable {
    /// `TLSv1.3`.
    public var protocolVersion: String?
    /// The cipher suite.
    public var cipher: String?
    /// SPKI pins of the chain, leaf first (`sha256//…`).
    public var chainPins: [String]
    /// The leaf's subject.
    public var leafSubject: String?
    /// The leaf's expiry.
    public var leafNotAfter: Date?
    /// Whether the policy trusted the server.
    public var trusted: Bool
    /// The `TrustFailureReason` name when it did not.
    public var rejectionReason: String?

    /// Creates a summary.
    public init(
        protocolVersion: String?,
        cipher: String?,
        chainPins: [String],
        leafSubject: String?,
        leafNotAfter: Date?,
        trusted: Bool,
        rejectionReason: String?
    ) {
        self.protocolVersion = protocolVersion
        self.cipher = cipher
        self.chainPins = chainPins
        self.leafSubject = leafSubject
        self.leafNotAfter = leafNotAfter
        self.trusted = trusted
        self.rejectionReason = rejectionReason
    }
}
