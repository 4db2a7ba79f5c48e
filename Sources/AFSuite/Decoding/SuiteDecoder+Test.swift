import JSONPath

extension SuiteDecoder {
    static let testKeys = [
        "name", "description", "tags", "each", "request", "expect", "capture", "retry", "skip", "xpathNamespaces",
    ]
    static let requestKeys =
        [
            "method", "url", "query", "headers", "basicAuth", "auth", "timeout", "followRedirects", "tls",
            "maxBodyBytes",
        ] + bodyKeys + requestSettingKeys
    /// Keys that belong inside a test's `request` or `expect` when written on the test itself.
    static let misplacedInTest: [String: String] = {
        var misplaced: [String: String] = [:]
        for key in requestKeys { misplaced[key] = "`request`" }
        // `captures` on a test is a misspelt `capture` far more often than a misplaced assertion.
        for key in expectKeys where !["tls", "headers", "json", "body", "captures", "url"].contains(key) {
            misplaced[key] = "`expect`"
        }
        return misplaced
    }()
    static let misplacedInRequest = ["status": "`expect`", "capture": "the test", "expect": "the test"]

    /// The test, or one test per row of its `each` data; nil when it has an error.
    mutating func decodeTest(_ node: SuiteNode) -> [TestCase]? {
        guard let node = object(node, allowed: Self.testKeys, context: "a test", misplaced: Self.misplacedInTest) else {
            return nil
        }
        let location = place(node)
        let name = require("name", in: node, context: "a test").flatMap { string($0) }
        _ = string(node.member("description"))
        let ownTags = decodeTags(node.member("tags"))
        let rows = node.member("each").map { decodeRows($0) }
        // For the variable check, a row name counts only when every row gives it (else another
        // source must define it for the rows without it).
        if case .test(let index) = scope, let rows = rows ?? nil, let first = rows.first {
            rowNames[index] = rows.dropFirst().reduce(Set(first.values.keys)) { $0.intersection($1.values.keys) }
        }
        let request = resolved(require("request", in: node, context: "a test")).flatMap { decodeRequest($0) }
        namespaces = defaultNamespaces
        if let own = node.member("xpathNamespaces") {
            namespaces.merge(decodeNamespaces(own)) { _, test in test }
        }
        defer { namespaces = defaultNamespaces }
        inExpect = true
        var expect = resolved(node.member("expect")).flatMap { decodeExpectations($0) } ?? Expectations()
        inExpect = false
        expect.xpathNamespaces = namespaces
        if expect.openapi == nil { expect.openapi = defaultOpenAPI(method: request?.method) }
        let captures = node.member("capture").map { decodeCaptures($0) } ?? []
        // Every written name counts, even one whose source has an error: no cascade of undefined variables.
        // Only tests that capture get an entry (the check reads a missing one as none).
        // A misspelt `capture` (`captures`, `capure`) is reported once, as an unknown key; its names count too.
        if case .test(let index) = scope,
            let capture = node.member("capture")
                ?? node.members.first(where: {
                    !Self.testKeys.contains($0.key) && EditDistance.isLikelyMisspelling($0.key, of: "capture")
                })?.node
        {
            captureNames[index] = capture.members.map { $0.key }
        }
        let retry = node.member("retry").flatMap { decodeRetry($0) }
        var skip: String?
        if let skipNode = node.member("skip") {
            switch skipNode.value {
            case .string(let reason): skip = reason
            case .bool(let b): skip = b ? "skipped" : nil
            default:
                report(
                    .wrongType(key: "skip", expected: "a reason string or `true`", found: skipNode.typeDescription),
                    at: skipNode
                )
            }
        }
        if case .some(nil) = rows {
            // The rest of the test was checked too (every problem in one pass), but with its data
            // unknown its placeholders are not reported as undefined: no cascade.
            if case .test(let index) = scope {
                templates.removeAll { $0.scope == .test(index) }
                captureUses.removeAll { $0.scope == .test(index) }
            }
            return nil
        }
        guard let name, let request else { return nil }
        var test = TestCase(
            name: name,
            location: location,
            request: request,
            expect: expect,
            captures: captures,
            retry: retry,
            skip: skip
        )
        test.tags = suiteTags + ownTags.filter { !suiteTags.contains($0) }
        return rows.flatMap { $0 }.map { Self.expand(test, rows: $0) } ?? [test]
    }

    mutating func decodeRequest(_ node: SuiteNode) -> RequestSpec? {
        guard
            let node = object(
                node,
                allowed: Self.requestKeys,
                context: "`request`",
                misplaced: Self.misplacedInRequest
            )
        else { return nil }
        var method = "GET"
        if let m = string(node.member("method")) {
            let upper = m.uppercased()
            if upper.isEmpty || !upper.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }) {
                report(
                    .unknownName(
                        key: "method",
                        value: m,
                        allowed: ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
                        suggestion: nil
                    ),
                    at: node.member("method")!
                )
            }
            method = upper
        }
        let url = require("url", in: node, context: "`request`").flatMap { template($0) }
        if let url, let urlNode = node.member("url") { rejectLineBreaks(in: url, at: urlNode, keyName: "url") }
        if let url, let urlNode = node.member("url") {
            checkSentURL(url, at: urlNode)
            checkBaseURL(of: url, at: urlNode)
        }
        var spec = RequestSpec(method: method, url: url ?? "")
        if let query = node.member("query") {
            if case .object = query.value {
                recordTemplates(in: query)
                spec.query = query.value
            } else {
                report(
                    .wrongType(
                        key: "query",
                        expected: "an object of parameter names to values",
                        found: query.typeDescription
                    ),
                    at: query
                )
            }
        }
        spec.headers = decodeHeaders(node.member("headers"))
        if let auth = node.member("basicAuth") { spec.basicAuth = decodeBasicAuth(auth) }
        spec.auth = decodeAuth(in: node)
        spec.body = decodeBody(node)
        spec.timeout = number(node.member("timeout"), positive: true)
        spec.followRedirects = bool(node.member("followRedirects"))
        spec.maxBodyBytes = integer(node.member("maxBodyBytes"), in: 1...Int(Int32.max))
        if let tls = node.member("tls") { spec.tls = decodeTLS(tls) }
        spec.settings = decodeRequestSettings(node)
        if node.member("tls") == nil || spec.tls != nil { checkPins(request: spec.tls, requestNode: node) }
        return url == nil ? nil : spec
    }
}
