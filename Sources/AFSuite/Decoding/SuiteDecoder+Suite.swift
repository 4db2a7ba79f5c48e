import Foundation
import JSONPath

extension SuiteDecoder {
    /// `$schema` names the JSON Schema for editors (top level only, as in docs/suite.schema.json); afrun ignores it.
    static let suiteKeys = [
        "$schema", "name", "description", "baseURL", "variables", "defaults", "parallel", "cookies", "tags", "setup",
        "tests", "teardown",
    ]
    static let defaultsKeys =
        [
            "headers", "basicAuth", "auth", "timeout", "followRedirects", "tls", "retry", "maxBodyBytes", "openapi",
            "allowRemoteRefs", "xpathNamespaces",
        ] + requestSettingKeys

    /// Decodes the whole file and checks its variables and file paths; the suite is returned even when
    /// problems were found (the loader drops it then). `root` is `document`'s root, whose `tests` elements are
    /// decoded one at a time from `document` and kept as its `TestSource`, not as a model of every test.
    mutating func decodeSuite(_ root: SuiteNode, document: JSONSplitDocument) -> Suite? {
        let defaultName = file.deletingPathExtension().lastPathComponent
        guard
            let root = object(
                root,
                allowed: Self.suiteKeys,
                context: "the suite",
                misplaced: [
                    "request": "a test in `tests`", "expect": "a test in `tests`", "headers": "`defaults`",
                    "timeout": "`defaults`", "tls": "`defaults`",
                ]
            )
        else { return nil }
        var suite = Suite(file: file, displayPath: displayPath, name: defaultName)
        if let name = string(root.member("name")) { suite.name = name }
        _ = string(root.member("description"))
        scope = .defaults
        suite.baseURL = template(root.member("baseURL"))
        scope = .suite
        baseURLTemplate = suite.baseURL.flatMap { try? Template($0) }
        if let base = suite.baseURL, let node = root.member("baseURL") {
            rejectLineBreaks(in: base, at: node, keyName: "baseURL")
        }
        hasBaseURL = suite.baseURL != nil
        if let base = suite.baseURL, let node = root.member("baseURL"), !base.hasPrefix("{{"), !URLText.isHTTP(base) {
            if let scheme = URLText.otherScheme(of: base) {
                report(.unsupportedScheme(url: base, scheme: scheme), at: node)
            } else if let fixed = URLText.withHTTPScheme(ifHostAndPort: base) {
                reportMissingScheme(base, fixed: fixed, at: node)
            } else {
                var diagnostic = SuiteDiagnostic(
                    location: location(node),
                    reason: .invalidURL(url: base, problem: "is not an http:// or https:// URL")
                )
                diagnostic.fix =
                    "write the base as an absolute URL (`https://api.example.test/v1/`); tests' URLs are"
                    + " relative to it"
                diagnostics.append(.invalid(diagnostic))
            }
        }
        if let variables = resolved(root.member("variables")) { suite.variables = decodeVariables(variables) }
        if let defaults = resolved(root.member("defaults")) { suite.defaults = decodeDefaults(defaults) }
        defaultTLS = suite.defaults.tls
        if let parallel = bool(root.member("parallel")) { suite.parallel = parallel }
        if let cookies = root.member("cookies") { decodeCookies(cookies, into: &suite) }
        suite.tags = decodeTags(root.member("tags"))
        suiteTags = suite.tags
        setupCount = root.member("setup").map { $0.elements.count } ?? 0
        prepareChecks(suite)
        checkUses(endingScope: nil)
        // Setup first: its captures are visible to the tests; each test name once across the three phases.
        var names: [String: Int] = [:]
        suite.setup = decodePhase(root.member("setup"), key: "setup", offset: 0, names: &names)
        var testCount = 0
        if let tests = require("tests", in: root, context: "the suite") {
            if case .array = tests.value {
                testCount = document.elementCount
                suite.tests = decodeTests(of: document, suiteTags: suite.tags, names: &names)
            } else {
                report(.wrongType(key: "tests", expected: "an array of tests", found: tests.typeDescription), at: tests)
            }
        }
        suite.teardown = decodePhase(
            root.member("teardown"),
            key: "teardown",
            offset: setupCount + testCount,
            names: &names
        )
        finishVariableCheck()
        return suite
    }

    /// Checks a URL that is sent (a request's, a token endpoint's): http or https, absolute or relative to
    /// `baseURL`. A URL with another scheme is absolute whatever the `baseURL` (`file:` or `ftp:` is never
    /// sent), and so is a host and port without one (`localhost:8080/x`, read as the scheme `localhost`).
    mutating func checkSentURL(_ url: String, at node: SuiteNode) {
        guard !url.hasPrefix("{{"), !URLText.isHTTP(url) else { return }
        if let scheme = URLText.otherScheme(of: url) {
            report(.unsupportedScheme(url: url, scheme: scheme), at: node)
        } else if let fixed = URLText.withHTTPScheme(ifHostAndPort: url) {
            reportMissingScheme(url, fixed: fixed, at: node)
        } else if !hasBaseURL {
            report(.invalidURL(url: url, problem: "is relative and the suite has no `baseURL`"), at: node)
        }
    }

    /// A host and port written without a scheme, with the URL to write instead.
    mutating func reportMissingScheme(_ url: String, fixed: String, at node: SuiteNode) {
        var diagnostic = SuiteDiagnostic(
            location: location(node),
            reason: .invalidURL(url: url, problem: "has no scheme: what comes before the `:` would be read as one")
        )
        diagnostic.fix = "write `\(fixed)`"
        diagnostics.append(.invalid(diagnostic))
    }

    /// Whether `name` (a member of `key`'s object) may be defined; reports it when not.
    mutating func definableName(_ name: String, key: String, at child: SuiteNode) -> Bool {
        guard !Template.isDefinable(name) else { return true }
        report(
            .outOfRange(
                key: key,
                value: "`\(name)`",
                expected:
                    "a name of letters, digits, `_`, `-` or `.` that starts with a letter or `_` (and not `env.…`)"
            ),
            at: child,
            key: true
        )
        return false
    }

    mutating func decodeVariables(_ node: SuiteNode) -> [VariableDefinition] {
        guard object(node, allowed: node.members.map { $0.key }, context: "`variables`") != nil else { return [] }
        var out: [VariableDefinition] = []
        for (name, child) in node.members {
            guard definableName(name, key: "variables", at: child) else { continue }
            let location = place(child, key: true)
            guard case .object = child.value else {
                out.append(VariableDefinition(name: name, source: .value(child.value), location: location))
                continue
            }
            let context = "variable `\(name)`"
            if child.member("env") != nil {
                guard object(child, allowed: ["env", "default", "secret"], context: context) != nil,
                    let env = string(child.member("env"))
                else { continue }
                let secret = bool(child.member("secret")) ?? false
                out.append(
                    VariableDefinition(
                        name: name,
                        source: .environment(name: env, default: child.member("default")?.value),
                        isSecret: secret,
                        location: location
                    )
                )
            } else if let value = child.member("value") {
                guard object(child, allowed: ["value", "secret"], context: context) != nil else { continue }
                let secret = bool(child.member("secret")) ?? false
                out.append(
                    VariableDefinition(name: name, source: .value(value.value), isSecret: secret, location: location)
                )
            } else {
                var d = SuiteDiagnostic(
                    location: self.location(child),
                    reason: .missingKey(key: "value", context: context)
                )
                d.fix =
                    "write `{\"value\": …}` for a literal object, or `{\"env\": \"NAME\"}` to read an environment variable"
                diagnostics.append(.invalid(d))
            }
        }
        return out
    }

    mutating func decodeDefaults(_ node: SuiteNode) -> RequestDefaults {
        var defaults = RequestDefaults()
        guard
            let node = object(
                node,
                allowed: Self.defaultsKeys,
                context: "`defaults`",
                misplaced: ["baseURL": "the suite (top level)"]
            )
        else { return defaults }
        // Headers and credentials see setup's captures (`Scope.defaults`); the other settings do not.
        scope = .defaults
        defaults.headers = decodeHeaders(node.member("headers"))
        scope = .suite
        defaults.timeout = number(node.member("timeout"), positive: true)
        defaults.followRedirects = bool(node.member("followRedirects"))
        defaults.maxBodyBytes = integer(node.member("maxBodyBytes"), in: 1...Int(Int32.max))
        allowsRemoteReferences = bool(node.member("allowRemoteRefs")) ?? false
        if let tls = node.member("tls") {
            defaults.tls = decodeTLS(tls)
            defaultTLSWritesPins = Self.writesPins(tls)
        }
        if let retry = node.member("retry") { defaults.retry = decodeRetry(retry) }
        scope = .defaults
        if let auth = node.member("basicAuth") { defaults.basicAuth = decodeBasicAuth(auth) }
        defaults.auth = decodeAuth(in: node)
        scope = .suite
        if let openapi = node.member("openapi") { decodeOpenAPIDefault(openapi) }
        if let namespaces = node.member("xpathNamespaces") {
            defaultNamespaces = decodeNamespaces(namespaces)
            self.namespaces = defaultNamespaces
        }
        defaults.settings = decodeRequestSettings(node)
        return defaults
    }

    /// `{"username": …, "password": …}`, both templates.
    mutating func decodeBasicAuth(_ node: SuiteNode) -> BasicAuthSpec? {
        let context = "`basicAuth`"
        guard let node = object(node, allowed: ["username", "password"], context: context) else { return nil }
        let username = require("username", in: node, context: context).flatMap { template($0) }
        let password = require("password", in: node, context: context).flatMap { template($0) }
        guard let username, let password else { return nil }
        return BasicAuthSpec(username: username, password: password)
    }

    /// Header values are templates; numbers and booleans are accepted and written as text, an array sends the
    /// header once per element, `null` sends no such header (a default's, or afrun's `User-Agent`).
    mutating func decodeHeaders(_ node: SuiteNode?) -> [HeaderSpec] {
        guard let node else { return [] }
        guard case .object = node.value else {
            report(
                .wrongType(
                    key: "headers",
                    expected: "an object of header names to values",
                    found: node.typeDescription
                ),
                at: node
            )
            return []
        }
        var out: [HeaderSpec] = []
        for (name, child) in node.members {
            rejectLineBreaks(in: name, at: child, keyName: name, key: true)
            if Template.mayHavePlaceholder(name) { record(name, at: child, key: true) }
            switch child.value {
            case .null: out.append(.removal(name))
            case .array:
                let elements = child.elements
                guard !elements.isEmpty else {
                    var d = SuiteDiagnostic(
                        location: location(child),
                        reason: .wrongType(key: name, expected: "a non-empty array", found: "an empty array")
                    )
                    d.fix = "write `null` to send no `\(name)` header, or give at least one value"
                    diagnostics.append(.invalid(d))
                    continue
                }
                let values = elements.compactMap { headerValue($0, name: name) }
                if values.count == elements.count { out.append(HeaderSpec(name: name, values: values)) }
            default:
                if let value = headerValue(child, name: name) { out.append(HeaderSpec(name: name, value: value)) }
            }
        }
        return out
    }

    /// One header value: a template string, or a number or boolean written as text.
    private mutating func headerValue(_ node: SuiteNode, name: String) -> String? {
        switch node.value {
        case .string(let s):
            rejectLineBreaks(in: s, at: node, keyName: name)
            record(s, at: node)
            return s
        case .number(let n): return n.literal
        case .bool(let b): return b ? "true" : "false"
        default:
            report(
                .wrongType(
                    key: name,
                    expected: "a string, an array of strings, or null",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
    }

    mutating func decodeRetry(_ node: SuiteNode) -> RetrySpec? {
        guard let node = object(node, allowed: ["count", "delayMs"], context: "`retry`"),
            let countNode = require("count", in: node, context: "`retry`"),
            let count = integer(countNode, in: 0...1000)
        else { return nil }
        let delay = node.member("delayMs").map { integer($0, in: 0...3_600_000) } ?? 0
        return RetrySpec(count: count, delayMs: delay ?? 0)
    }
}
