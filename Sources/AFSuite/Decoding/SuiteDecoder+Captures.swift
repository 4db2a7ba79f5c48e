import Foundation
import JSONPath

extension SuiteDecoder {
    static let captureSources = [
        "json", "header", "regex", "status", "xpath", "cookie", "url", "redirects", "body", "bytes",
    ]
    /// The sources written as `true`: they take no argument.
    static let flagCaptureSources = ["status", "url", "redirects", "body", "bytes"]

    mutating func decodeCaptures(_ node: SuiteNode) -> [CaptureSpec] {
        guard case .object = node.value else {
            report(
                .wrongType(
                    key: "capture",
                    expected: "an object of variable names to sources",
                    found: node.typeDescription
                ),
                at: node
            )
            return []
        }
        var out: [CaptureSpec] = []
        for (name, child) in node.members {
            guard definableName(name, key: "capture", at: child) else { continue }
            let context = "capture `\(name)`"
            guard
                let o = object(child, allowed: Self.captureSources + ["group", "secret", "filters"], context: context)
            else {
                continue
            }
            // `regex` beside `header` applies to the header's value: one source, not two.
            let onHeader = o.member("header") != nil && o.member("regex") != nil
            let sources = Self.captureSources.filter { o.member($0) != nil && !(onHeader && $0 == "regex") }
            if sources.count > 1 {
                report(.conflictingKeys(sources), at: o.member(sources[1])!, key: true)
                continue
            }
            guard let sourceKey = sources.first, let sourceNode = o.member(sourceKey) else {
                var d = SuiteDiagnostic(location: location(o), reason: .missingKey(key: "json", context: context))
                d.fix =
                    "capture from `{\"json\": \"$.id\"}`, `{\"header\": \"ETag\"}`, `{\"regex\": \"id=(\\\\d+)\", \"group\": 1}`, `{\"xpath\": \"//id\"}`, `{\"cookie\": \"sid\"}` or one of `status`, `url`, `redirects`, `body`, `bytes` set to `true`"
                diagnostics.append(.invalid(d))
                continue
            }
            if sourceKey != "regex", !onHeader, let group = o.member("group") {
                var d = SuiteDiagnostic(
                    location: location(group, key: true),
                    reason: .unknownKey(key: "group", suggestion: nil, context: context)
                )
                d.fix = "`group` only applies to a `regex` capture (on the body or a header): remove it"
                diagnostics.append(.invalid(d))
            }
            let secret = bool(o.member("secret")) ?? false
            let source: CaptureSpec.Source?
            switch sourceKey {
            case "json": source = jsonPath(sourceNode).map { CaptureSpec.Source.json($0) }
            case "header" where onHeader:
                source = headerRegexCapture(o, header: sourceNode)
            case "header": source = string(sourceNode).map { CaptureSpec.Source.header($0) }
            case "regex":
                let group = o.member("group").map { integer($0, in: 0...99) } ?? 0
                source = regex(sourceNode).flatMap { pattern in
                    group.map { CaptureSpec.Source.regex(pattern, group: $0) }
                }
                if case .regex(let pattern, let g)? = source, let groupNode = o.member("group") {
                    checkGroup(g, of: pattern, at: groupNode)
                }
            case "xpath": source = xpathExpression(sourceNode).map { CaptureSpec.Source.xpath($0) }
            case "cookie":
                source = string(sourceNode).map { CaptureSpec.Source.cookie($0) }
                if case .cookie("")? = source {
                    report(
                        .outOfRange(key: "cookie", value: "empty", expected: "a cookie name such as `sid`"),
                        at: sourceNode
                    )
                }
            default:
                if case .bool(true) = sourceNode.value {
                    source = Self.flagSource(sourceKey)
                } else {
                    report(
                        .wrongType(key: sourceKey, expected: "`true`", found: sourceNode.typeDescription),
                        at: sourceNode
                    )
                    source = nil
                }
            }
            var filters: [ValueFilter] = []
            if let filtersNode = o.member("filters") {
                let start: FilterKind =
                    switch sourceKey {
                    case "json", "xpath": .any
                    case "status", "redirects": .number
                    case "bytes": .bytes
                    default: .string
                    }
                guard let decoded = decodeFilters(filtersNode, start: start) else { continue }
                filters = decoded
            }
            if let source {
                var spec = CaptureSpec(name: name, source: source, isSecret: secret)
                spec.filters = filters
                out.append(spec)
            }
        }
        return out
    }

    static func flagSource(_ key: String) -> CaptureSpec.Source {
        switch key {
        case "url": .url
        case "redirects": .redirects
        case "body": .body
        case "bytes": .bytes
        default: .status
        }
    }

    /// `{"header": name, "regex": pattern}`: the first group by default (the whole match when the pattern
    /// has none), as the `regex` filter takes it.
    mutating func headerRegexCapture(_ o: SuiteNode, header: SuiteNode) -> CaptureSpec.Source? {
        guard let name = string(header), let regexNode = o.member("regex"), let pattern = regex(regexNode) else {
            return nil
        }
        let groups = (try? NSRegularExpression(pattern: pattern))?.numberOfCaptureGroups ?? 0
        guard let groupNode = o.member("group") else {
            return .headerRegex(name, pattern: pattern, group: groups > 0 ? 1 : 0)
        }
        guard let group = integer(groupNode, in: 0...99) else { return nil }
        checkGroup(group, of: pattern, at: groupNode)
        return .headerRegex(name, pattern: pattern, group: group)
    }

    /// Reports a `group` the pattern does not have.
    mutating func checkGroup(_ group: Int, of pattern: String, at node: SuiteNode) {
        guard let compiled = try? NSRegularExpression(pattern: pattern), group > compiled.numberOfCaptureGroups else {
            return
        }
        report(
            .outOfRange(
                key: "group",
                value: "\(group)",
                expected: "a group the pattern has: 0 for the whole match, up to \(compiled.numberOfCaptureGroups)"
            ),
            at: node
        )
    }
}
