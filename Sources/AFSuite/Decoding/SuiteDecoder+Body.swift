import Foundation
import JSONPath

extension SuiteDecoder {
    /// The keys that give a request its body; at most one of them.
    static let bodyKeys = ["json", "form", "body", "bodyFile", "multipart", "xml", "graphql", "bodyBase64"]

    /// Exactly one of ``bodyKeys``.
    mutating func decodeBody(_ request: SuiteNode) -> BodySpec? {
        let present = Self.bodyKeys.filter { request.member($0) != nil }
        if present.count > 1 {
            report(.conflictingKeys(present), at: request.member(present[1])!, key: true)
            return nil
        }
        guard let key = present.first, let node = request.member(key) else { return nil }
        switch key {
        case "json":
            recordTemplates(in: node)
            return .json(node.value)
        case "form":
            guard case .object = node.value else {
                report(
                    .wrongType(
                        key: "form",
                        expected: "an object of field names to values",
                        found: node.typeDescription
                    ),
                    at: node
                )
                return nil
            }
            recordTemplates(in: node)
            return .form(node.value)
        case "body": return template(node).map { BodySpec.text($0) }
        case "bodyFile": return path(node).map { BodySpec.file($0) }
        case "xml": return template(node).map { BodySpec.xml($0) }
        case "graphql": return decodeGraphQL(node).map { BodySpec.graphql($0) }
        case "bodyBase64": return decodeBase64(node).map { BodySpec.base64($0) }
        default: return decodeMultipart(node).map { BodySpec.multipart($0) }
        }
    }

    /// `{"query": …, "variables": {…}, "operationName": …}`.
    mutating func decodeGraphQL(_ node: SuiteNode) -> GraphQLSpec? {
        let context = "`graphql`"
        guard let node = object(node, allowed: ["query", "variables", "operationName"], context: context) else {
            return nil
        }
        let query = require("query", in: node, context: context).flatMap { template($0) }
        var variables: JSONValue?
        if let given = node.member("variables") {
            switch given.value {
            case .object:
                recordTemplates(in: given)
                variables = given.value
            case .null: break
            default:
                report(
                    .wrongType(
                        key: "variables",
                        expected: "an object of variable names to values",
                        found: given.typeDescription
                    ),
                    at: given
                )
            }
        }
        let operationName = template(node.member("operationName"))
        guard let query else { return nil }
        return GraphQLSpec(query: query, variables: variables, operationName: operationName)
    }

    /// A `bodyBase64` template; text without placeholders must decode now, with the first character
    /// outside the alphabet pointed at.
    mutating func decodeBase64(_ node: SuiteNode) -> String? {
        guard let text = template(node) else { return nil }
        guard !Template.mayHavePlaceholder(text), BodySpec.decodeBase64(text) == nil else { return text }
        let reason = SuiteDiagnostic.Reason.outOfRange(
            key: "bodyBase64",
            value: "not valid base64",
            expected: "base64 text: A-Z, a-z, 0-9, `+` and `/`, padded with `=` to a multiple of 4 characters"
        )
        if let offset = BodySpec.firstNonBase64Offset(in: text) {
            report(reason, at: location(inString: node, characterOffset: offset))
        } else {
            report(reason, at: node)
        }
        return nil
    }

    mutating func decodeMultipart(_ node: SuiteNode) -> [MultipartPartSpec]? {
        guard case .array = node.value else {
            report(.wrongType(key: "multipart", expected: "an array of parts", found: node.typeDescription), at: node)
            return nil
        }
        var parts: [MultipartPartSpec] = []
        for element in node.elements {
            let context = "a multipart part"
            guard
                let part = object(
                    element,
                    allowed: ["name", "value", "file", "filename", "contentType"],
                    context: context
                ),
                let name = require("name", in: part, context: context).flatMap({ template($0) })
            else { continue }
            let hasValue = part.member("value") != nil
            let hasFile = part.member("file") != nil
            if hasValue && hasFile {
                report(.conflictingKeys(["value", "file"]), at: part.member("file")!, key: true)
            } else if let value = part.member("value") {
                if let text = template(value) { parts.append(MultipartPartSpec(name: name, content: .value(text))) }
            } else if let file = path(part.member("file")) {
                let filename = template(part.member("filename"))
                let contentType = string(part.member("contentType"))
                parts.append(
                    MultipartPartSpec(
                        name: name,
                        content: .file(path: file, filename: filename, contentType: contentType)
                    )
                )
            } else if !hasFile {
                var d = SuiteDiagnostic(location: location(part), reason: .missingKey(key: "value", context: context))
                d.fix = "add `\"value\": \"…\"` for a text field or `\"file\": \"path\"` for a file"
                diagnostics.append(.invalid(d))
            }
        }
        return parts
    }
}
