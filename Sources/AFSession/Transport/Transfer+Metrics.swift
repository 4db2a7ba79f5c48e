import CCurl
import Foundation

extension Transfer {
    /// Reads libcurl's measurements after the transfer ended. An info libcurl cannot give (the
    /// call fails through `CurlEasy.check`) reads as zero or nil rather than failing the transfer.
    func readMetrics() -> TransferMetrics {
        func micros(_ info: CURLINFO) -> Int64 { (try? easy.offset(info)) ?? 0 }
        func duration(_ micros: Int64) -> Duration { .microseconds(max(0, micros)) }
        let nameLookup = micros(CURLINFO_NAMELOOKUP_TIME_T)
        let connect = micros(CURLINFO_CONNECT_TIME_T)
        let appConnect = micros(CURLINFO_APPCONNECT_TIME_T)
        let preTransfer = micros(CURLINFO_PRETRANSFER_TIME_T)
        let startTransfer = micros(CURLINFO_STARTTRANSFER_TIME_T)
        let total = micros(CURLINFO_TOTAL_TIME_T)
        let redirect = micros(CURLINFO_REDIRECT_TIME_T)

        var metrics = TransferMetrics()
        metrics.dns = duration(nameLookup)
        metrics.connect = connect > 0 ? duration(connect - nameLookup) : .zero
        metrics.tlsHandshake = appConnect > 0 ? duration(appConnect - connect) : .zero
        metrics.wait = startTransfer > 0 ? duration(startTransfer - preTransfer) : .zero
        metrics.timeToFirstByte = duration(startTransfer)
        metrics.download = startTransfer > 0 ? duration(total - startTransfer) : .zero
        metrics.total = duration(total)
        metrics.redirect = duration(redirect)
        if CurlGlobal.hasQueueTime { metrics.queue = duration(micros(CurlGlobal.queueTimeInfo)) }
        metrics.redirectCount = (try? easy.long(CURLINFO_REDIRECT_COUNT)) ?? 0
        metrics.requestHeaderBytes = Int64((try? easy.long(CURLINFO_REQUEST_SIZE)) ?? 0)
        metrics.requestBodyBytes = bodyReader != nil ? bodyBytesSent : micros(CURLINFO_SIZE_UPLOAD_T)
        metrics.responseHeaderBytes = Int64((try? easy.long(CURLINFO_HEADER_SIZE)) ?? 0)
        metrics.responseBodyBytes = bodyBytes
        metrics.httpVersion = Self.httpVersion(curlValue: (try? easy.long(CURLINFO_HTTP_VERSION)) ?? 0)
        metrics.remoteIP = (try? easy.string(CURLINFO_PRIMARY_IP)).flatMap { $0?.isEmpty == false ? $0 : nil }
        metrics.remotePort = ((try? easy.long(CURLINFO_PRIMARY_PORT)) ?? 0).nonZero
        metrics.localIP = (try? easy.string(CURLINFO_LOCAL_IP)).flatMap { $0?.isEmpty == false ? $0 : nil }
        metrics.localPort = ((try? easy.long(CURLINFO_LOCAL_PORT)) ?? 0).nonZero
        // NUM_CONNECTS counts connections this transfer had to open; none means one was reused.
        metrics.connectionReused = ((try? easy.long(CURLINFO_NUM_CONNECTS)) ?? 0) == 0 && metrics.remoteIP != nil
        if metrics.connectionReused {
            // libcurl still stamps a few microseconds of set-up on a reused connection; nothing was
            // resolved, connected or negotiated, so report none.
            metrics.dns = .zero
            metrics.connect = .zero
            metrics.tlsHandshake = .zero
        }
        metrics.tlsEvidence = tlsEvidence
        return metrics
    }

    /// The body bytes received before content decoding: libcurl counts them as they arrive
    /// (`CURLINFO_SIZE_DOWNLOAD_T`), before it (or ``EncodedBodyMeter``) undoes the coding, where
    /// ``bodyBytes`` counts what came out.
    var receivedBodyBytes: Int64 { (try? easy.offset(CURLINFO_SIZE_DOWNLOAD_T)) ?? 0 }

    /// Maps `CURLINFO_HTTP_VERSION` to `HTTPVersion`.
    static func httpVersion(curlValue: Int) -> HTTPVersion {
        switch curlValue {
        case Int(CURL_HTTP_VERSION_1_0): .http1_0
        case Int(CURL_HTTP_VERSION_1_1): .http1_1
        case Int(CURL_HTTP_VERSION_2_0): .http2
        case Int(CURL_HTTP_VERSION_3): .http3
        default: .unknown
        }
    }

    /// The response head as parsed, with the effective URL; nil when no status line arrived.
    func readResponse() -> HTTPResponse? {
        guard head.statusCode > 0 else { return nil }
        // Parse the effective URL only when it differs (a redirect): URL parsing is not free.
        let requested = job.request.url
        var url = requested
        // Compared as C strings: no Swift string per transfer when there was no redirect.
        let requestedText = urlText.isEmpty ? requested.absoluteString : urlText
        if let effective = (try? easy.cString(CURLINFO_EFFECTIVE_URL)).flatMap({ $0 }),
            requestedText.withCString({ strcmp($0, effective) }) != 0,
            let parsed = URL(string: String(cString: effective))
        {
            url = parsed
        }
        var response = HTTPResponse(
            url: url,
            statusCode: head.statusCode,
            reasonPhrase: head.reasonPhrase,
            headers: head.headers,
            httpVersion: head.httpVersion
        )
        response.redirects = head.redirects
        response.sentHeaderNames = sentHeaderNames
        return response
    }

    /// Builds the outcome for libcurl's result code.
    func outcome(code: CurlCode) -> TransferOutcome {
        closeFile()
        let metrics = readMetrics()
        let response = readResponse()
        guard code == .ok, response != nil else {
            return failed(
                error(for: code == .ok ? .weirdServerReply : code, metrics: metrics),
                response: response,
                metrics: metrics
            )
        }
        var outcome = TransferOutcome(request: job.request, response: response, body: nil, error: nil, metrics: metrics)
        switch job.sink {
        case .memory:
            // Decoded bytes the decoders still held are kept before the decoded body is summed up.
            let encoded = encodedBody?.finish(contentEncoding: head.headers.values(for: "Content-Encoding")) {
                keepBody($0)
            }
            var summary = ResponseBodySummary(
                length: bodyBytes,
                sha256: hasher?.finish(),
                keptLength: Int64(body.count)
            )
            summary.encoded = encoded
            summary.contentCodings = ContentDecoderChain.codings(in: head.headers.values(for: "Content-Encoding"))
            if !summary.contentCodings.isEmpty { summary.receivedLength = receivedBodyBytes }
            outcome.body = .data(body, summary)
        case .file(let url): outcome.body = .file(url)
        }
        return outcome
    }

    /// Builds the outcome for a transfer the loop ends itself (cancel, shutdown, a broken multi
    /// handle): `error` stands, with whatever was measured and received so far.
    func outcome(failingWith error: SessionError) -> TransferOutcome {
        closeFile()
        return failed(error, response: readResponse(), metrics: readMetrics())
    }

    /// A failed outcome; a partial download file is removed.
    private func failed(_ error: SessionError, response: HTTPResponse?, metrics: TransferMetrics) -> TransferOutcome {
        if case .file(let url) = job.sink { try? FileManager.default.removeItem(at: url) }
        return TransferOutcome(request: job.request, response: response, body: nil, error: error, metrics: metrics)
    }

    /// Maps a failure code with what this transfer knows: the verify callback's verdict, file and
    /// body errors, and whether connecting finished (for timeouts).
    private func error(for code: CurlCode, metrics: TransferMetrics) -> SessionError {
        if code == .peerFailedVerification, var rejection = verification?.rejection {
            rejection.request = job.request
            return .serverTrustRejected(rejection)
        }
        if code == .writeError, let fileError, case .file(let url) = job.sink {
            return .fileSystem(
                FileSystemFailure(path: url.path, message: "cannot write the download file: \(fileError)")
            )
        }
        // libcurl 7.88 refuses a response header line longer than CURL_MAX_HTTP_HEADER (100 KiB) as "Out of
        // memory": a head that began and did not end is that, and saying "out of memory" would mislead.
        if code == .outOfMemory, head.statusCode != 0, !head.isComplete {
            return .invalidResponse(
                TransportFailure(
                    code: code,
                    message: "a response header line is longer than libcurl's limit of 100 KiB, so the response "
                        + "was refused (\(message(for: code)))",
                    request: job.request,
                    metrics: metrics
                )
            )
        }
        if code == .writeError, stoppedAtDeadline {
            let limit = (job.request.timeout ?? job.options.configuration.timeout)?.wholeMilliseconds ?? 0
            let codings = ContentDecoderChain.codings(in: head.headers.values(for: "Content-Encoding"))
            // Decoded bytes are what took the time; the bytes sent say how small the body was on the wire.
            let decoded =
                " decoded from the \(receivedBodyBytes) bytes received (Content-Encoding: "
                + codings.joined(separator: ", ") + "; a compressed body far larger than it was sent)"
            return .timedOut(
                .total,
                TransportFailure(
                    code: .operationTimedOut,
                    message: "Operation timed out after \(limit) milliseconds with \(bodyBytes) body bytes"
                        + (codings.isEmpty ? " received" : decoded),
                    request: job.request,
                    metrics: metrics
                )
            )
        }
        if code == .abortedByCallback || code == .readError, let bodyError {
            return .fileSystem(FileSystemFailure(path: job.request.url.absoluteString, message: bodyError))
        }
        let configuration = job.options.configuration
        let totalLimit = job.request.timeout ?? configuration.timeout
        // libcurl reports both timeouts as 28. Nothing was sent yet (no PRETRANSFER) and the connect
        // limit is the tighter one: connecting (TCP or TLS) is what ran out of time.
        let preTransfer = (try? easy.offset(CURLINFO_PRETRANSFER_TIME_T)) ?? 0
        let connectPhase = preTransfer == 0 && (totalLimit == nil || configuration.connectTimeout <= totalLimit!)
        var text = message(for: code)
        let clientCertificate = configuration.securityPolicy.clientCertificate
        // libcurl's words for client-certificate failures do not name the cause: find it.
        if code == .sslCertificateProblem, let clientCertificate,
            let cause = ClientCertificateDiagnosis.problem(with: clientCertificate)
        {
            text = "\(cause) (\(text))"
        } else if [.sslConnectError, .sendError, .receiveError, .gotNothing].contains(code),
            let cause = ClientCertificateDiagnosis.serverAlert(
                in: text,
                sentCertificate: clientCertificate != nil,
                certificateRequested: verification?.certificateRequested == true
            )
        {
            // An alert is a TLS failure whatever the phase libcurl saw it in (TLS 1.3 reads it after the handshake).
            return .tlsFailure(
                TransportFailure(code: code, message: "\(cause) (\(text))", request: job.request, metrics: metrics)
            )
        }
        return SessionError.mapping(
            code: code,
            message: text,
            request: job.request,
            metrics: metrics,
            timeoutPhase: connectPhase ? .connect : .total
        )
    }
}

extension Int {
    fileprivate var nonZero: Int? { self == 0 ? nil : self }
}
