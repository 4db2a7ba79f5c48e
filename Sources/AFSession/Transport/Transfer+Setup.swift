import CCurl
import Foundation

extension Transfer {
    /// Sets every option the job needs on the (freshly reset) handle.
    ///
    /// - Throws: `SessionError` when a file cannot be opened or libcurl refuses an option.
    func configure() throws(SessionError) {
        do {
            try configureBasics()
            try configureMethodAndBody()
            try configureHeaders()
            try configureBehaviour()
            try configureAuthentication()
            try configureTLS()
        } catch let error as CurlCallError {
            throw .transport(
                TransportFailure(
                    code: error.code,
                    message: "libcurl refused \(error.call): \(error.code)",
                    request: job.request
                )
            )
        } catch let error as SessionError {
            throw error
        } catch {
            throw .transport(TransportFailure(code: .outOfMemory, message: "\(error)", request: job.request))
        }
        try openSink()
    }

    private func configureBasics() throws(CurlCallError) {
        urlText = job.urlText
        try easy.set(CURLOPT_URL, string: urlText)
        // Signals cannot be used from a multi-threaded process; DNS timeouts rely on the threaded resolver.
        try easy.set(CURLOPT_NOSIGNAL, true)
        try easy.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try easy.set(CURLOPT_WRITEFUNCTION, writeFunction: transferWriteCallback)
        try easy.set(CURLOPT_WRITEDATA, pointer: opaque)
        try easy.set(CURLOPT_HEADERFUNCTION, writeFunction: transferHeaderCallback)
        try easy.set(CURLOPT_HEADERDATA, pointer: opaque)
        // Fewer, larger reads: a 100 KB body in one or two instead of seven of libcurl's default 16 KB (and a
        // poll before each), as the curl tool reads, ~6% less CPU a 100 KB JSON body; larger still for downloads
        // to disk. The size is a request, not an order (libcurl's words): a pooled handle that still holds a
        // finished transfer's receive buffer (libcurl 7.88 keeps it after a name-resolution failure, and after
        // an HTTP/2 stream that ended while its connection carried others) refuses a new size and reads with
        // the default, which is correct, only slower.
        _ = try? easy.set(CURLOPT_BUFFERSIZE, job.sink.isMemory ? 100 * 1024 : 512 * 1024)
        if job.reportsProgress {
            try easy.set(CURLOPT_NOPROGRESS, false)
            try easy.set(progressFunction: transferProgressCallback)
            try easy.set(CURLOPT_XFERINFODATA, pointer: opaque)
        }
    }

    private func configureMethodAndBody() throws {
        let request = job.request
        let method = request.method
        var body = request.body
        if method == .head {
            try easy.set(CURLOPT_NOBODY, true)
            return
        }
        if body == nil, method == .post { body = .data(Data()) }
        guard let body else {
            if method != .get { try easy.set(CURLOPT_CUSTOMREQUEST, string: method.rawValue) }
            return
        }
        if case .awsSigV4 = request.authentication, case .data(let bytes) = body {
            // libcurl 7.88 signs only CURLOPT_POSTFIELDS: a body read through the callback would be signed as
            // empty, and AWS would refuse the signature. A body in memory is handed over as post fields.
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(bytes.count))
            // COPYPOSTFIELDS copies the bytes at once (POSTFIELDSIZE first, so it copies that many).
            if bytes.isEmpty {
                try easy.set(CURLOPT_COPYPOSTFIELDS, string: "")
            } else {
                let code = bytes.withUnsafeBytes { raw in
                    afc_easy_setopt_pointer(
                        easy.raw,
                        CURLOPT_COPYPOSTFIELDS,
                        UnsafeMutableRawPointer(mutating: raw.baseAddress)
                    )
                }
                try CurlEasy.check(code, "setopt COPYPOSTFIELDS")
            }
            if method != .post { try easy.set(CURLOPT_CUSTOMREQUEST, string: method.rawValue) }
            return
        }
        let reader = try RequestBodyReader(body)
        bodyReader = reader
        if let limit = reader.maxSendBytesPerSecond { try easy.set(CURLOPT_MAX_SEND_SPEED_LARGE, offset: limit) }
        try easy.set(readFunction: transferReadCallback)
        try easy.set(CURLOPT_READDATA, pointer: opaque)
        try easy.set(seekFunction: transferSeekCallback)
        try easy.set(CURLOPT_SEEKDATA, pointer: opaque)
        // -1 (unknown) makes libcurl use chunked transfer encoding on HTTP/1.1.
        let length = body.knownLength ?? -1
        if method == .post {
            // POST keeps libcurl's 301/302/303 rules (switch to GET) that a custom method would lose.
            try easy.set(CURLOPT_POST, true)
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: length)
        } else {
            try easy.set(CURLOPT_UPLOAD, true)
            try easy.set(CURLOPT_INFILESIZE_LARGE, offset: length)
            if method != .put { try easy.set(CURLOPT_CUSTOMREQUEST, string: method.rawValue) }
        }
    }

    private func configureHeaders() throws(CurlCallError) {
        let list = CurlStringList()
        for line in job.headerLines { list.append(line) }
        headerList = list
        try easy.set(CURLOPT_HTTPHEADER, list: list)
    }

    private func configureBehaviour() throws(CurlCallError) {
        let configuration = job.options.configuration
        let request = job.request
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.wholeMilliseconds)
        if let timeout = request.timeout ?? configuration.timeout {
            try easy.set(CURLOPT_TIMEOUT_MS, max(1, timeout.wholeMilliseconds))
            deadline = .now + timeout
        }
        let follows: Bool
        let maxRedirects: Int
        switch configuration.redirectPolicy {
        case .none: (follows, maxRedirects) = (request.followsRedirects ?? false, 10)
        case .follow(let max): (follows, maxRedirects) = (request.followsRedirects ?? true, max)
        }
        try easy.set(CURLOPT_FOLLOWLOCATION, follows)
        // http and https only, redirects included: libcurl 7.88 follows a `Location` to ftp:// and ftps:// by
        // default, so a server could make afrun log in to an FTP server of its choosing. A redirect elsewhere
        // ends the transfer with `.unsupportedProtocol` before any connection is made.
        try easy.set(CURLOPT_PROTOCOLS_STR, string: "http,https")
        try easy.set(CURLOPT_REDIR_PROTOCOLS_STR, string: "http,https")
        if follows { try easy.set(CURLOPT_MAXREDIRS, request.maxRedirects ?? maxRedirects) }
        if request.sendsCredentialsAcrossHosts { try easy.set(CURLOPT_UNRESTRICTED_AUTH, true) }

        // The scheme from the text given to libcurl (validated as http or https): no URL getter
        // and no lowercased copy per transfer.
        let isHTTPS = Self.hasHTTPSScheme(urlText)
        switch request.httpVersion ?? configuration.httpVersion {
        case .http1_0:
            try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_0))
        case .http2:
            try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2_0))
            if isHTTPS { try easy.set(CURLOPT_PIPEWAIT, true) }
        case .http1_1:
            try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        case .http2OverTLS:
            try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
            // Wait for a connection that may multiplex instead of opening another; useless for http://.
            if isHTTPS { try easy.set(CURLOPT_PIPEWAIT, true) }
        case .http2PriorKnowledge:
            try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE))
            if CurlGlobal.reusesPriorKnowledgeConnections {
                try easy.set(CURLOPT_PIPEWAIT, true)
            } else {
                // A connection of its own, closed after the transfer: on this libcurl a second transfer on an h2c
                // connection (another stream beside a running one, or the next request) fails at once.
                try easy.set(CURLOPT_FRESH_CONNECT, true)
                try easy.set(CURLOPT_FORBID_REUSE, true)
            }
        }
        // Left unset, libcurl reads the *_proxy environment variables; an empty proxy turns them off.
        if let proxy = request.proxy ?? configuration.proxy {
            try easy.set(CURLOPT_PROXY, string: proxy)
        } else if !configuration.usesEnvironmentProxies {
            try easy.set(CURLOPT_PROXY, string: "")
        }
        if let noProxy = configuration.noProxy { try easy.set(CURLOPT_NOPROXY, string: noProxy) }
        if !configuration.resolve.isEmpty || !configuration.connectTo.isEmpty { try configureHostRules(configuration) }
        switch configuration.addressFamily {
        case .any: break
        case .ipv4: try easy.set(CURLOPT_IPRESOLVE, Int(CURL_IPRESOLVE_V4))
        case .ipv6: try easy.set(CURLOPT_IPRESOLVE, Int(CURL_IPRESOLVE_V6))
        }
        if configuration.automaticDecompression {
            // Empty: every encoding this libcurl supports, advertised in Accept-Encoding.
            try easy.set(CURLOPT_ACCEPT_ENCODING, string: "")
        }
        if request.measuresEncodedBody, job.sink.isMemory {
            // The same Accept-Encoding goes out, but libcurl hands the body over as it came: the transfer
            // counts and hashes those bytes and decodes them itself (`EncodedBodyMeter`).
            try easy.set(CURLOPT_HTTP_CONTENT_DECODING, false)
        }
        // curl_easy_reset keeps a reused handle's share, so a different one (or none) is set
        // explicitly: cookies never leak from one store's transfers into another's.
        let store = job.cookieStore?.share
        if easy.attachedShare !== store { try easy.set(share: store) }
        if store != nil {
            try easy.startCookieEngine()
            if let cookie = job.cookie { try easy.set(CURLOPT_COOKIE, string: cookie) }
        }
    }

    /// Sets `CURLOPT_RESOLVE` and `CURLOPT_CONNECT_TO`. libcurl puts resolve rules into the multi handle's DNS
    /// cache, where they stay: that is right here, since every transfer of a session has the same rules.
    private func configureHostRules(_ configuration: SessionConfiguration) throws(CurlCallError) {
        let lists = (resolve: CurlStringList(), connectTo: CurlStringList())
        for rule in configuration.resolve where !lists.resolve.append(rule.description) {
            throw CurlCallError(code: .outOfMemory, call: "curl_slist_append")
        }
        for rule in configuration.connectTo where !lists.connectTo.append(rule.description) {
            throw CurlCallError(code: .outOfMemory, call: "curl_slist_append")
        }
        hostRuleLists = lists
        if !configuration.resolve.isEmpty { try easy.set(CURLOPT_RESOLVE, list: lists.resolve) }
        if !configuration.connectTo.isEmpty { try easy.set(CURLOPT_CONNECT_TO, list: lists.connectTo) }
    }

    private func configureTLS() throws(CurlCallError) {
        let tls = job.options.tls
        // Setting CAPATH to NULL keeps libcurl's CA cache working (see PLATFORM-NOTES, item 3).
        try easy.set(CURLOPT_CAINFO, string: tls.caInfoPath)
        try easy.set(CURLOPT_CAPATH, string: tls.caPath)
        try easy.set(CURLOPT_SSL_VERIFYPEER, true)
        try easy.set(CURLOPT_SSL_VERIFYHOST, tls.verifyHost ? 2 : 0)
        if let certificate = tls.clientCertificatePath { try easy.set(CURLOPT_SSLCERT, string: certificate) }
        if let key = tls.clientKeyPath { try easy.set(CURLOPT_SSLKEY, string: key) }
        if let passphrase = tls.clientKeyPassphrase {
            try easy.set(CURLOPT_KEYPASSWD, string: passphrase)
        } else if tls.clientCertificatePath != nil {
            // Without a passphrase OpenSSL asks for one on the terminal (/dev/tty), and the run waits for someone
            // to type it: an empty one makes an encrypted key fail at once, named by the handshake's diagnosis.
            try easy.set(CURLOPT_KEYPASSWD, string: "")
        }
        if tls.usesVerifyCallback {
            // The verification context is made when libcurl sets up a TLS connection for this
            // transfer (`transferSSLContextCallback`), not here: a plain-HTTP transfer or one on a
            // kept-alive connection never needs it.
            try easy.set(sslContextFunction: transferSSLContextCallback)
            try easy.set(CURLOPT_SSL_CTX_DATA, pointer: opaque)
            // A resumed TLS session skips the verify callback (PLATFORM-NOTES, item 2).
            try easy.set(CURLOPT_SSL_SESSIONID_CACHE, false)
        }
    }
}

extension Transfer {
    /// Whether `url` starts with `https:` in any case.
    static func hasHTTPSScheme(_ url: String) -> Bool {
        var bytes = url.utf8.makeIterator()
        for expected in "https:".utf8 {
            guard let byte = bytes.next(), byte | (expected == UInt8(ascii: ":") ? 0 : 0x20) == expected else {
                return false
            }
        }
        return true
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so a tiny positive duration is not 0 (which libcurl reads as "no limit").
    var wholeMilliseconds: Int {
        let c = components
        let ms = c.seconds * 1_000 + (c.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(ms)
    }
}
