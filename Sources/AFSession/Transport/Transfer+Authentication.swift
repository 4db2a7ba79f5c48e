import CCurl

extension Transfer {
    /// Sets libcurl's authentication options for the request's ``HTTPAuthentication``, if any.
    /// Reset handles start with none, so a request without credentials sends none.
    func configureAuthentication() throws(CurlCallError) {
        guard let authentication = job.request.authentication else { return }
        // libcurl writes the `Authorization` header of these requests itself; only its debug callback tells
        // what it sent, and it calls it only in verbose mode (what it would print then goes to the callback,
        // which keeps the header names of the heads sent and ignores the rest).
        try easy.set(CURLOPT_VERBOSE, true)
        try easy.set(debugFunction: transferDebugCallback)
        try easy.set(CURLOPT_DEBUGDATA, pointer: opaque)
        switch authentication {
        case .basic(let username, let password):
            try setCredentials(username, password, scheme: afc_auth_basic())
        case .digest(let username, let password):
            try setCredentials(username, password, scheme: afc_auth_digest())
        case .ntlm(let username, let password):
            try setCredentials(username, password, scheme: afc_auth_ntlm())
        case .bearer(let token):
            try easy.set(CURLOPT_HTTPAUTH, afc_auth_bearer())
            try easy.set(CURLOPT_XOAUTH2_BEARER, string: token)
        case .awsSigV4(let provider, let accessKey, let secretKey):
            // CURLOPT_AWS_SIGV4 selects the scheme itself; the key pair goes in as user and password.
            try easy.set(CURLOPT_AWS_SIGV4, string: provider)
            try easy.set(CURLOPT_USERNAME, string: accessKey)
            try easy.set(CURLOPT_PASSWORD, string: secretKey)
        }
    }

    /// A user and password for one scheme: separate options, so a `:` in the user name is kept.
    private func setCredentials(_ username: String, _ password: String, scheme: Int) throws(CurlCallError) {
        try easy.set(CURLOPT_HTTPAUTH, scheme)
        try easy.set(CURLOPT_USERNAME, string: username)
        try easy.set(CURLOPT_PASSWORD, string: password)
    }
}
