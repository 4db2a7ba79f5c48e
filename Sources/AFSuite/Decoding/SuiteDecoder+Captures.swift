import Foundation
import JSONPath

extension SuiteDecoder {
    static let captureSources = ["json", "header", "regex", "status"]

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
            let sources = Self.captureSources.filter { o.member($0) != nil }
            if sources.count > 1 {
                report(.conflictingKeys(sources), at: o.member(sources[1])!, key: true)
                continue
            }
            guard let sourceKey = sources.first, let sourceNode = o.member(sourceKey) else {
                var d = SuiteDiagnostic(location: location(o), reason: .missingKey(key: "json", context: context))
                d.fix =
                    "capture from `{\"json\": \"$.id\"}`, `{\"header\": \"ETag\"}`, `{\"regex\": \"id=(\\\\d+)\", \"group\": 1}` or `{\"status\": true}`"
                diagnostics.append(.invalid(d))
                continue
            }
            if sourceKey != "regex", let group = o.member("group") {
                var d = SuiteDiagnostic(
                    location: location(group, key: true),
                    reason: .unknownKey(key: "group", suggestion: nil, context: context)
                )
                d.fix = "`group` only applies to a `regex` capture: remove it"
                diagnostics.append(.invalid(d))
            }
            let secret = bool(o.member("secret")) ?? false
            let source: CaptureSpec.Source?
            switch sourceKey {
            case "json": source = jsonPath(sourceNode).map { CaptureSpec.Source.json($0) }
            case "header": source = string(sourceNode).map { CaptureSpec.Source.header($0) }
            case "regex":
                let group = o.member("group").map { integer($0, in: 0...99) } ?? 0
                source = regex(sourceNode).flatMap { pattern in
                    group.map { CaptureSpec.Source.regex(pattern, group: $0) }
                }
                if case .regex(let pattern, let g)? = source, let groupNode = o.member("group"),
                    let compiled = try? NSRegularExpression(pattern: pattern), g > compiled.numberOfCaptureGroups
                {
                    report(
                        .outOfRange(
                            key: "group",
                            value: "\(g)",
                            expected:
                                "a group the pattern has: 0 for the whole match, up to \(compiled.numberOfCaptureGroups)"
                        ),
                        at: groupNode
                    )
                }
            default:
                if case .bool(true) = sourceNode.value {
                    source = .status
                } else {
                    report(
                        .wrongType(key: "status", expected: "`true`", found: sourceNode.typeDescription),
                        at: sourceNode
                    )
                    source = nil
                }
            }
            var filters: [ValueFilter] = []
            if let filtersNode = o.member("filters") {
                let start: FilterKind = sourceKey == "json" ? .any : sourceKey == "status" ? .number : .string
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
}
