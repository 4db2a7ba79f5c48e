import AFSession

extension TestErrorInfo {
    /// The error kind and message for a session failure.
    public init(_ error: SessionError) {
        func make(_ kind: String, _ failure: TransportFailure, _ what: String) -> TestErrorInfo {
            TestErrorInfo(kind: kind, message: "\(what): \(failure.message)", curlCode: Int(failure.code.rawValue))
        }
        switch error {
        case .invalidURL(let url): self = TestErrorInfo(kind: "request", message: "invalid URL \(url)")
        case .dnsFailure(let f): self = make("dnsFailure", f, "cannot resolve the host")
        case .cannotConnect(let f): self = make("cannotConnect", f, "cannot connect")
        case .timedOut(let phase, let f):
            self = make("timedOut", f, phase == .connect ? "timed out connecting" : "timed out")
        case .tlsFailure(let f): self = make("tlsFailure", f, "TLS handshake failed")
        case .serverTrustRejected(let rejection):
            self = TestErrorInfo(
                kind: "tlsRejected",
                message:
                    "\(rejection.description) (\(rejection.reason.name)); expect \"tls\": \"rejected\" if that is intended"
            )
        case .tooManyRedirects(let f): self = make("tooManyRedirects", f, "too many redirects")
        case .connectionLost(let f): self = make("connectionLost", f, "connection lost")
        case .invalidResponse(let f) where f.code == .unsupportedProtocol:
            // The request's own URL was checked to be http or https, so this is a redirect elsewhere.
            self = make(
                "invalidResponse",
                f,
                "a redirect to a scheme other than http and https, not followed (expect the redirect itself"
                    + " with \"followRedirects\": false)"
            )
        case .invalidResponse(let f): self = make("invalidResponse", f, "invalid response")
        case .transport(let f): self = make("transport", f, "transfer failed")
        case .cancelled: self = TestErrorInfo(kind: "cancelled", message: "cancelled")
        case .sessionInvalidated: self = TestErrorInfo(kind: "transport", message: "the session was shut down")
        case .fileSystem(let f): self = TestErrorInfo(kind: "request", message: f.description)
        case .requestSerialization(let f): self = TestErrorInfo(kind: "request", message: f.description)
        case .responseValidation(let f): self = TestErrorInfo(kind: "invalidResponse", message: f.description)
        case .responseSerialization(let f): self = TestErrorInfo(kind: "invalidResponse", message: f.description)
        }
    }
}
