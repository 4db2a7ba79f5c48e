import AFSession
import Foundation

/// Builds the value summaries a `TestResult` carries (before redaction).
enum ResultSummaries {
    /// Longest body excerpt kept in a result.
    static let excerptLimit = 2_048

    /// The request's method and URL only (`PassedResultDetail.summary`).
    static func leanRequest(_ request: HTTPRequest) -> RequestSummary {
        RequestSummary(method: request.method.rawValue, url: request.url.absoluteString, headers: [], bodyExcerpt: nil)
    }

    /// The response's status, HTTP version, body size and remote address only (`PassedResultDetail.summary`).
    static func leanResponse(
        _ response: HTTPResponse,
        body: ResponseBodySummary,
        metrics: TransferMetrics
    ) -> ResponseSummary {
        ResponseSummary(
            status: response.statusCode,
            httpVersion: response.httpVersion.rawValue,
            headers: [],
            bodyExcerpt: "",
            bodyBytes: body.length,
            remoteIP: metrics.remoteIP,
            remotePort: metrics.remotePort
        )
    }

    /// The request as sent: its headers, and an `Authorization: ***` libcurl wrote itself (`auth`) when
    /// `sentHeaderNames` (the last head libcurl sent, `HTTPResponse.sentHeaderNames`) lists one the request's
    /// own headers lack. Only the name is known here: the credentials never reach a result.
    static func request(_ request: HTTPRequest, sentHeaderNames: [String]? = nil) -> RequestSummary {
        var excerpt: String?
        switch request.body {
        case .data(let data)?: excerpt = Self.excerpt(data)
        case .file(let url)?: excerpt = "<file \(url.lastPathComponent)>"
        case .stream?: excerpt = "<stream>"
        case nil: excerpt = nil
        }
        var headers = request.headers.map { HeaderField(name: $0.name, value: $0.value) }
        let isAuthorization = { (name: String) in name.caseInsensitiveCompare("Authorization") == .orderedSame }
        if let sent = sentHeaderNames?.first(where: isAuthorization),
            !headers.contains(where: { isAuthorization($0.name) })
        {
            headers.append(HeaderField(name: sent, value: Redactor.mask))
        }
        return RequestSummary(
            method: request.method.rawValue,
            url: request.url.absoluteString,
            headers: headers,
            bodyExcerpt: excerpt
        )
    }

    /// - Parameters:
    ///   - body: the bytes kept (the whole body, or its start).
    ///   - summary: the whole body's length; by default `body` is all of it.
    static func response(
        _ response: HTTPResponse,
        body: Data,
        summary: ResponseBodySummary? = nil,
        metrics: TransferMetrics
    ) -> ResponseSummary {
        let length = summary?.length ?? Int64(body.count)
        return ResponseSummary(
            status: response.statusCode,
            httpVersion: response.httpVersion.rawValue,
            // Mapped from the field array (sized at once), not from the header sequence (grown step by step).
            headers: response.headers.fields.map { HeaderField(name: $0.name, value: $0.value) },
            bodyExcerpt: excerpt(body, length: length),
            bodyBytes: length,
            remoteIP: metrics.remoteIP,
            remotePort: metrics.remotePort
        )
    }

    /// The start of a body as text; binary bodies are described, not dumped.
    /// - Parameter length: the whole body's length when `data` is only its start.
    static func excerpt(_ data: Data, length: Int64? = nil) -> String {
        let total = length ?? Int64(data.count)
        let head = data.prefix(excerptLimit)
        // Searched on the raw bytes: iterating `Data` byte by byte is far slower.
        if head.withUnsafeBytes({ $0.contains(0) }) { return "<\(total) bytes of binary data>" }
        var text = String(decoding: head, as: UTF8.self)
        if total > Int64(head.count) { text += "… (\(total) bytes)" }
        return text
    }

    static func timing(_ m: TransferMetrics) -> TimingSummary {
        TimingSummary(
            dnsMs: m.dns.milliseconds,
            connectMs: m.connect.milliseconds,
            tlsMs: m.tlsHandshake.milliseconds,
            waitMs: m.wait.milliseconds,
            ttfbMs: m.timeToFirstByte.milliseconds,
            downloadMs: m.download.milliseconds,
            totalMs: m.total.milliseconds,
            redirectMs: m.redirect.milliseconds,
            queueMs: m.queue?.milliseconds,
            redirectCount: m.redirectCount,
            connectionReused: m.connectionReused,
            requestBytes: m.requestHeaderBytes + m.requestBodyBytes,
            responseBytes: m.responseHeaderBytes + m.responseBodyBytes
        )
    }

    static func tls(evidence: TLSEvidence) -> TLSSummary {
        TLSSummary(
            protocolVersion: evidence.protocolVersion,
            cipher: evidence.cipher,
            chainPins: evidence.peerChain.map(\.publicKeyPin),
            leafSubject: evidence.leaf?.subject,
            leafNotAfter: evidence.leaf?.notAfter,
            trusted: true,
            rejectionReason: nil
        )
    }

    static func tls(rejection: TrustRejection) -> TLSSummary {
        TLSSummary(
            protocolVersion: nil,
            cipher: nil,
            chainPins: rejection.chain.map(\.publicKeyPin),
            leafSubject: rejection.chain.first?.subject,
            leafNotAfter: rejection.chain.first?.notAfter,
            trusted: false,
            rejectionReason: rejection.reason.name
        )
    }
}
