extension SuiteDecoder {
    /// `tags`: an array of tag names, each letters, digits, `_`, `-`, `.` or `:` (safe on a command line, in a
    /// JUnit property and in the history), duplicates dropped, file order kept.
    mutating func decodeTags(_ node: SuiteNode?) -> [String] {
        guard let node else { return [] }
        guard case .array = node.value else {
            report(
                .wrongType(key: "tags", expected: "an array of tag names (`[\"smoke\"]`)", found: node.typeDescription),
                at: node
            )
            return []
        }
        var tags: [String] = []
        for element in node.elements {
            guard let tag = string(element) else { continue }
            guard Suite.isTagName(tag) else {
                report(
                    .outOfRange(
                        key: keyName(element),
                        value: "`\(tag)`",
                        expected: "a tag name of letters, digits, `_`, `-`, `.` or `:` (`smoke`, `team:payments`)"
                    ),
                    at: element
                )
                continue
            }
            if !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }
}
