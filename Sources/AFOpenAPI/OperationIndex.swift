/// Every operation of a document with its path template, to find the one a request went to
/// (`GET /api/v1/users/7` → `GET /users/{id}`) when a test names none.
public struct OperationIndex: Sendable {
    struct Entry: Sendable {
        var segments: [Substring]
        var method: String
        var operation: OperationContract
    }

    let entries: [Entry]

    /// The operation whose path template matches the end of `path` (so a base path before the
    /// documented paths is allowed), preferring the template with the most literal segments.
    /// - Parameters:
    ///   - method: the request's method.
    ///   - path: the request URL's path.
    /// - Returns: the operation, or nil when none matches.
    public func operation(method: String, path: String) -> OperationContract? {
        let method = method.lowercased()
        let request = path.split(separator: "/")
        var best: (literals: Int, operation: OperationContract)?
        for entry in entries where entry.method == method && entry.segments.count <= request.count {
            var literals = 0
            var matches = true
            for (template, actual) in zip(entry.segments, request.suffix(entry.segments.count)) {
                if template.hasPrefix("{") && template.hasSuffix("}") { continue }
                guard template == actual else {
                    matches = false
                    break
                }
                literals += 1
            }
            if matches, literals > best?.literals ?? -1 { best = (literals, entry.operation) }
        }
        return best?.operation
    }
}

extension OpenAPIContract {
    /// Compiles every operation of the document, for ``OperationIndex/operation(method:path:)``.
    public func operationIndex() throws(OpenAPIError) -> OperationIndex {
        var entries: [OperationIndex.Entry] = []
        for path in paths {
            for method in OperationContract.methods {
                guard let operation = try operation(path: path, method: method) else { continue }
                entries.append(.init(segments: path.split(separator: "/"), method: method, operation: operation))
            }
        }
        return OperationIndex(entries: entries)
    }
}
