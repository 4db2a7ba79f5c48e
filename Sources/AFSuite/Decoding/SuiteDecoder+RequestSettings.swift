extension SuiteDecoder {
    /// The keys of ``RequestSettings``, accepted in `defaults` and in a test's `request`.
    static let requestSettingKeys = ["queryFormat", "delayMs", "http", "maxRedirects", "redirectCredentials", "proxy"]
    /// The proxy schemes libcurl speaks; a proxy written without one is HTTP.
    static let proxySchemes = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]

    /// `queryFormat`, `delayMs`, `http`, `maxRedirects` and `redirectCredentials` of `node` (an object
    /// already checked for unknown keys).
    mutating func decodeRequestSettings(_ node: SuiteNode) -> RequestSettings {
        var settings = RequestSettings()
        if let format = name(node.member("queryFormat"), allowed: RequestSettings.QueryFormat.allCases.map(\.rawValue))
        {
            settings.queryFormat = RequestSettings.QueryFormat(rawValue: format)
        }
        settings.delayMs = integer(node.member("delayMs"), in: 0...3_600_000)
        if let http = node.member("http") {
            // `2` written as a number is the same request as `"2"`.
            if case .number(let n) = http.value, ["1.0", "1.1", "2"].contains(n.literal) {
                settings.httpVersion = RequestSettings.HTTPVersion(rawValue: n.literal)
            } else if let version = name(http, allowed: RequestSettings.HTTPVersion.allCases.map(\.rawValue)) {
                settings.httpVersion = RequestSettings.HTTPVersion(rawValue: version)
            }
        }
        settings.maxRedirects = integer(node.member("maxRedirects"), in: 0...1000)
        if let rule = name(
            node.member("redirectCredentials"),
            allowed: RequestSettings.RedirectCredentials.allCases.map(\.rawValue)
        ) {
            settings.redirectCredentials = RequestSettings.RedirectCredentials(rawValue: rule)
        }
        if let proxyNode = node.member("proxy"), let proxy = template(proxyNode) {
            rejectLineBreaks(in: proxy, at: proxyNode, keyName: "proxy")
            if !proxy.hasPrefix("{{"), let scheme = URLText.otherScheme(of: proxy),
                !Self.proxySchemes.contains(scheme.lowercased())
            {
                let list = Self.proxySchemes.map { "`\($0)://`" }.joined(separator: ", ")
                report(.invalidURL(url: proxy, problem: "is not a proxy URL: use \(list), or host:port"), at: proxyNode)
            }
            settings.proxy = proxy
        }
        return settings
    }
}
