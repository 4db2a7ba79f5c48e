extension SessionError {
    /// Maps a libcurl result code to the case a caller switches on.
    ///
    /// - Parameters:
    ///   - code: libcurl's result (never `.ok`).
    ///   - message: the error-buffer text.
    ///   - request: the request that failed.
    ///   - metrics: what libcurl measured before the failure.
    ///   - timeoutPhase: which limit a timeout (28) hit; the transfer works that out from its timings.
    /// - Returns: the error.
    static func mapping(
        code: CurlCode,
        message: String,
        request: HTTPRequest,
        metrics: TransferMetrics? = nil,
        timeoutPhase: TimeoutPhase
    ) -> SessionError {
        let failure = TransportFailure(code: code, message: message, request: request, metrics: metrics)
        switch code {
        case .urlMalformed: return .invalidURL(request.url.absoluteString)
        case .couldNotResolveHost, .couldNotResolveProxy: return .dnsFailure(failure)
        case .couldNotConnect: return .cannotConnect(failure)
        case .operationTimedOut: return .timedOut(timeoutPhase, failure)
        case .sslConnectError, .sslCertificateProblem, .sslCipher, .peerFailedVerification, .sslCACertBadFile,
            .sslPinnedPublicKeyMismatch:
            return .tlsFailure(failure)
        case .tooManyRedirects: return .tooManyRedirects(failure)
        case .partialFile, .gotNothing, .sendError, .receiveError, .http2Stream: return .connectionLost(failure)
        case .weirdServerReply, .unsupportedProtocol: return .invalidResponse(failure)
        case .abortedByCallback: return .cancelled(request)
        default: return .transport(failure)
        }
    }
}
