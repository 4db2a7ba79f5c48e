import JSONPath

// Every message and fix of the suite loader, in one place, so their wording stays consistent.
extension SuiteDiagnostic.Reason {
    /// A stable short name, e.g. `unknown-key`.
    public var code: String {
        switch self {
        case .syntax: "syntax"
        case .unknownKey: "unknown-key"
        case .wrongType: "wrong-type"
        case .missingKey: "missing-key"
        case .conflictingKeys: "conflicting-keys"
        case .unknownName: "unknown-name"
        case .invalidStatus: "invalid-status"
        case .outOfRange: "out-of-range"
        case .invalidRegex: "invalid-regex"
        case .invalidJSONPath: "invalid-jsonpath"
        case .invalidXPath: "invalid-xpath"
        case .invalidTemplate: "invalid-template"
        case .invalidURL: "invalid-url"
        case .unsupportedScheme: "unsupported-scheme"
        case .missingFile: "missing-file"
        case .duplicateKey: "duplicate-key"
        case .duplicateTestName: "duplicate-test"
        case .undefinedVariable: "undefined-variable"
        case .emptyPredicate: "empty-predicate"
        case .invalidData: "invalid-data"
        case .forbiddenCharacter: "forbidden-character"
        case .invalidReference: "invalid-reference"
        case .referenceCycle: "reference-cycle"
        case .other: "invalid"
        }
    }

    /// What is wrong, as one sentence.
    public var message: String {
        switch self {
        case .syntax(let message, _): "invalid JSON: \(message)"
        case .unknownKey(let key, _, let context): "unknown key `\(key)` in \(context)"
        case .wrongType(let key, let expected, let found):
            key.isEmpty
                ? "expected \(expected) at the top of the file, found \(found)"
                : "expected \(expected) for `\(key)`, found \(found)"
        case .missingKey(let key, let context): "missing `\(key)` in \(context)"
        case .conflictingKeys(let keys):
            "\(Self.list(keys, and: "and")) cannot be used together"
        case .unknownName(let key, let value, _, _): "`\(value)` is not a valid `\(key)`"
        case .invalidStatus(let text): "`\(text)` is not a status expectation"
        case .outOfRange(let key, let value, let expected): "`\(key)` is \(value); expected \(expected)"
        case .invalidRegex(let pattern, let message): "invalid regular expression `\(pattern)`: \(message)"
        case .invalidJSONPath(let expression, let message, let position):
            "invalid JSONPath `\(expression)`: \(message) at position \(position)"
        case .invalidXPath(let expression, let message, let position):
            "invalid XPath `\(expression)`: \(message)" + (position.map { " at position \($0)" } ?? "")
        case .invalidTemplate(let template, let message, let offset):
            "invalid template \"\(template)\": \(message) at offset \(offset)"
        case .invalidURL(let url, let problem): "`\(url)` \(problem)"
        case .unsupportedScheme(let url, let scheme):
            "`\(url)` uses the `\(scheme)` scheme; afrun sends only http and https requests"
        case .missingFile(let path, let resolved): "file `\(path)` not found (looked for \(resolved))"
        case .duplicateKey(let key, let firstLine):
            "`\(key)` is written twice in this object (first on line \(firstLine)); only the last value would count"
        case .duplicateTestName(let name, let firstLine):
            "duplicate test name `\(name)` (first used on line \(firstLine))"
        case .undefinedVariable(let name, let note): "undefined variable `\(name)`" + (note.map { " (\($0))" } ?? "")
        case .emptyPredicate(let context): "\(context) has no predicate"
        case .invalidData(let source, let line, let problem):
            "`\(source)`\(line.map { " line \($0)" } ?? ""): \(problem)"
        case .forbiddenCharacter(let key, let character): "`\(key)` contains `\(character)`"
        case .invalidReference(let reference, let problem): "`$ref` \"\(reference)\" \(problem)"
        case .referenceCycle(let chain): "`$ref` cycle: \(chain.joined(separator: " → "))"
        case .other: "invalid suite"
        }
    }

    /// How to fix it, when there is something to say.
    public var fix: String? {
        switch self {
        case .syntax(_, .invalidUTF8):
            "save the file as UTF-8 (an editor's encoding setting, or `iconv -f LATIN1 -t UTF-8`, converts it)"
        case .syntax(_, .nestingTooDeep):
            "nest arrays and objects at most \(JSONValue.maximumDepth) levels deep: close the brackets opened before here"
        case .syntax:
            "check for a missing comma, an unquoted key, a trailing comma or an unclosed bracket near this place"
        case .unknownKey(_, let suggestion, let context):
            if let suggestion {
                "did you mean `\(suggestion)`?"
            } else {
                "remove the key, or see docs/suite-format.md for the keys of \(context)"
            }
        case .wrongType(let key, let expected, _):
            key.isEmpty
                ? "a suite file holds one object: `{\"name\": …, \"tests\": […]}`" : "write \(expected) for `\(key)`"
        case .missingKey(let key, _): "add `\(key)`"
        case .conflictingKeys(let keys):
            "keep one of \(Self.list(keys, and: "or")) and remove the other" + (keys.count > 2 ? "s" : "")
        case .unknownName(_, _, let allowed, let suggestion):
            (suggestion.map { "did you mean `\($0)`? " } ?? "")
                + "valid values: \(allowed.map { "`\($0)`" }.joined(separator: ", "))"
        case .invalidStatus:
            "write a code (`200`), a class (`\"2xx\"`), a range (`\"200-299\"`) or an array of those; codes are 100-599"
        case .outOfRange(_, _, let expected): "use \(expected)"
        case .invalidRegex:
            "fix the pattern (NSRegularExpression syntax); in JSON a backslash is written twice: `\"\\\\d+\"`"
        case .invalidJSONPath:
            "JSONPath starts with `$`, e.g. `$.items[0].id` or `$..name`; try it with `afrun jsonpath EXPR FILE`"
        case .invalidXPath(_, let message, _) where message == "undefined namespace prefix":
            "an XPath 1.0 prefix must be declared: add it to `xpathNamespaces` (on the test or in `defaults`),"
                + " `{\"soap\": \"http://…\"}`; `_` names the default namespace (`//_:item`)"
        case .invalidXPath:
            "write an XPath 1.0 expression such as `//title`, `count(//li)` or `//a/@href`; check brackets and quotes"
        case .invalidTemplate(let template, _, let offset) where Self.namesGenerator(template, at: offset):
            "write a generator as listed: `{{$uuid}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`, `{{$randomInt(1,100)}}`"
                + " (the first bound at most the second) or `{{$randomString(12)}}` (1 to"
                + " \(GeneratedValue.maxStringLength) characters)"
        case .invalidTemplate:
            "close the placeholder with `}}`, use a name of letters, digits, `_`, `-` or `.` (`{{user_id}}`, `{{env.TOKEN}}`),"
                + " or write `\\\\{{` in JSON for a literal `{{`"
        case .invalidURL:
            "write an absolute URL (`https://host/path`), or set the suite's `baseURL` and write the path relative to it"
        case .unsupportedScheme:
            "write an `http://` or `https://` URL; to send a file's content, use `bodyFile` in an http(s) request"
        case .missingFile:
            "paths are relative to the suite file's folder; create the file or fix the path"
        case .duplicateKey: "merge the two into one, or remove one"
        case .duplicateTestName: "give each test of a suite its own name: results and history are keyed by it"
        case .undefinedVariable(let name, _):
            "define `\(name)` in the suite's `variables`, capture it in an earlier test, pass `--var \(name)=…`,"
                + " or use `{{env.\(name)}}` for an environment variable"
        case .emptyPredicate:
            "add a predicate: equals, notEquals, exists, matches, contains, count, type, lt, lte, gt, gte or oneOf"
        case .invalidData:
            "`each` takes a non-empty array of objects (`[{\"id\": 1}, {\"id\": 2}]`), or the path of a .json file holding"
                + " one or of a .csv file whose first line names the columns; names are variable names (`user_id`)"
        case .forbiddenCharacter:
            "remove the CR, LF or NUL: URLs, header names and header values are single lines, and a line break"
                + " would add a header (or a request) of its own"
        case .invalidReference:
            "write `{\"$ref\": \"path/file.json#/pointer\"}`: the path is relative to the file holding the `$ref`"
                + " (empty for this file), the pointer names a value in it (`#/login`, `#/tests/0`)"
        case .referenceCycle:
            "point one of these `$ref`s at the value itself, not at a `$ref` that leads back"
        case .other: nil
        }
    }

    /// `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``.
    static func list(_ keys: [String], and word: String) -> String {
        let quoted = keys.map { "`\($0)`" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(word) " + quoted.last!
    }
}

extension SuiteDiagnostic.Reason {
    /// Whether the placeholder at `offset` (in characters) of `template` is a generator (`{{$…}}`), whose problem
    /// is its name or arguments rather than the braces.
    static func namesGenerator(_ template: String, at offset: Int) -> Bool {
        let rest = template.dropFirst(offset)
        guard rest.hasPrefix("{{") else { return false }
        return rest.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" }).first == "$"
    }
}
