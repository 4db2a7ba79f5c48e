import CCurl

extension CurlShare {
    /// Runs `body` with a new easy handle attached to this share, for the cookie-list options that act on
    /// the shared cookies; the handle is detached (with no jar file, so its cleanup writes nothing) after.
    private func withAttachedHandle<T>(_ body: (CurlEasy) throws(CurlCallError) -> T) throws(CurlCallError) -> T {
        guard let easy = CurlEasy() else { throw CurlCallError(code: .outOfMemory, call: "easy_init") }
        try easy.set(share: self)
        defer {
            try? easy.set(CURLOPT_COOKIEJAR, string: nil)
            try? easy.set(share: nil)
        }
        return try body(easy)
    }

    /// Every cookie, one Netscape cookie-file line each (`CURLINFO_COOKIELIST`; `#HttpOnly_` marks
    /// HttpOnly cookies).
    func cookieLines() throws(CurlCallError) -> [String] {
        try withAttachedHandle { (easy: CurlEasy) throws(CurlCallError) -> [String] in
            var list: UnsafeMutablePointer<curl_slist>? = nil
            try CurlEasy.check(afc_easy_getinfo_slist(easy.raw, CURLINFO_COOKIELIST, &list), "getinfo COOKIELIST")
            defer { curl_slist_free_all(list) }
            var lines: [String] = []
            var node = list
            while let current = node {
                if let data = current.pointee.data { lines.append(String(cString: data)) }
                node = current.pointee.next
            }
            return lines
        }
    }

    /// Adds cookies given as Netscape cookie-file lines (or `Set-Cookie:` lines), as libcurl parses them
    /// (`CURLOPT_COOKIELIST`); a cookie with the name, domain and path of one held replaces it.
    func addCookieLines(_ lines: [String]) throws(CurlCallError) {
        try withAttachedHandle { (easy: CurlEasy) throws(CurlCallError) in
            for line in lines { try easy.set(CURLOPT_COOKIELIST, string: line) }
        }
    }

    /// Reads a cookie file (the Netscape format curl's `-b`/`-c` use) into the share with libcurl's own
    /// reader (`CURLOPT_COOKIEFILE` and `COOKIELIST "RELOAD"`). A missing file adds nothing.
    func loadCookies(fromFile path: String) throws(CurlCallError) {
        try withAttachedHandle { (easy: CurlEasy) throws(CurlCallError) in
            try easy.set(CURLOPT_COOKIEFILE, string: path)
            try easy.set(CURLOPT_COOKIELIST, string: "RELOAD")
        }
    }

    /// Writes every cookie to `path` in the Netscape format, as `curl -c` does (`CURLOPT_COOKIEJAR` and
    /// `COOKIELIST "FLUSH"`; libcurl writes a temporary file and renames it over `path`).
    func saveCookies(toFile path: String) throws(CurlCallError) {
        try withAttachedHandle { (easy: CurlEasy) throws(CurlCallError) in
            try easy.set(CURLOPT_COOKIEJAR, string: path)
            try easy.set(CURLOPT_COOKIELIST, string: "FLUSH")
        }
    }
}
