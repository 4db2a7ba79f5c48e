import Foundation
import JSONPath

/// A `--vars-file`: variables for one environment (staging, production…) kept beside the suites.
///
/// Two formats, told apart by the first non-blank character:
/// - a JSON object: `{"user": "alice", "limit": 10, "token": {"value": "s3cr3t", "secret": true}}`
///   (strings, numbers and booleans; `{"value": …, "secret": true}` marks a secret);
/// - `name=value` lines, as Hurl's `--variables-file` and `.env` files write them: blank lines and
///   lines starting with `#` are skipped, an `export ` prefix is dropped, the name and the value are
///   trimmed, and one pair of matching quotes around the value is removed (`TOKEN="a b"` is `a b`).
public struct VariablesFile: Sendable {
    /// Why a file could not be read: a message naming the file, the line when there is one, and the fix.
    /// A value is never echoed, as it may be a secret.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        /// The whole message, starting with the path.
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Plain variables.
    public var variables: [String: String] = [:]
    /// Secret variables: replaced by `***` in every output, as `--secret` values are.
    public var secrets: [String: String] = [:]

    /// Reads and parses `path`.
    /// - Parameter path: the file, relative to the working directory.
    /// - Throws: `ParseError` naming the file, the place and the fix.
    public init(path: String) throws(ParseError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ParseError(
                "--vars-file \(path): cannot read the file (check the path; it is relative to the working directory)"
            )
        }
        try self.init(data: data, path: path)
    }

    /// Parses the bytes of a vars file.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: the file's name in messages.
    /// - Throws: `ParseError` naming the file, the place and the fix.
    public init(data: Data, path: String) throws(ParseError) {
        guard var text = String(validating: data, as: UTF8.self) else {
            let wide = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
            throw ParseError(
                "\(path): not UTF-8 text\(wide ? " (UTF-16, as PowerShell writes by default: save it as UTF-8)" : ""): "
                    + Self.formats
            )
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a byte order mark some editors write
        switch text.first(where: { !$0.isWhitespace }) {
        case "{":
            try self.init(json: data, path: path)
        case "[":
            // Read as lines, its first line would be "expected name=value": say what the file is instead.
            // Counted in bytes: "\r\n" is one `Character`, so a Windows line end would not be seen as "\n".
            let line = text.utf8.prefix { $0 != UInt8(ascii: "[") }.filter { $0 == UInt8(ascii: "\n") }.count + 1
            throw ParseError("\(path):\(line): a JSON array: \(Self.formats)")
        default:
            try self.init(lines: text, path: path)
        }
    }

    private init(json data: Data, path: String) throws(ParseError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: data) } catch {  // the parser skips a byte order mark itself
            throw ParseError(
                "\(path):\(error.line):\(error.column): invalid JSON: \(error.message); fix the JSON there, or write"
                    + " name=value lines"
            )
        }
        guard case .object(let object) = value else {
            throw ParseError("\(path): expected a JSON object of variables")
        }
        // The parser keeps the last of two values: one environment's file must not say two things silently.
        if let twice = DuplicateKeyScanner.scan([UInt8](data)).first {
            throw ParseError(
                "\(path):\(twice.line):\(twice.column): `\(twice.key)` is written twice (first on line"
                    + " \(twice.firstLine)): keep one"
            )
        }
        for (name, member) in object.members {
            if let problem = Self.problem(withName: name) { throw ParseError("\(path): \(problem)") }
            let fix = "write a string, number or boolean, or {\"value\": …, \"secret\": true}"
            switch member {
            case .object(let spec):
                guard let text = spec["value"].flatMap(Self.text),
                    spec.members.allSatisfy({ ["value", "secret"].contains($0.key) })
                else {
                    throw ParseError("\(path): variable `\(name)`: \(fix)")
                }
                if case .bool(true)? = spec["secret"] { secrets[name] = text } else { variables[name] = text }
            default:
                guard let text = Self.text(member) else {
                    throw ParseError(
                        "\(path): variable `\(name)` is \(member.typeName == "array" ? "an" : "a") \(member.typeName): \(fix)"
                    )
                }
                variables[name] = text
            }
        }
    }

    private init(lines text: String, path: String) throws(ParseError) {
        // Lines end at "\n", "\r\n" (one `Character`, so splitting on "\n" alone would keep a Windows file whole)
        // or "\r".
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "="), eq != line.startIndex else {
                // The line is not echoed: it may hold a secret.
                throw ParseError(
                    "\(path):\(offset + 1): expected name=value (or a JSON object for the whole file)"
                )
            }
            var name = line[..<eq].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("export ") { name = name.dropFirst("export ".count).trimmingCharacters(in: .whitespaces) }
            if let problem = Self.problem(withName: name) {
                throw ParseError("\(path):\(offset + 1): \(problem)")
            }
            var value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = String(value.dropFirst().dropLast())
            }
            variables[name] = value
        }
    }

    /// The two formats, as the fix of a file that is neither.
    static let formats = "write a JSON object of variables ({\"name\": \"value\"}) or name=value lines"

    /// A scalar as the text a template inserts.
    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): s
        case .number(let n): n.literal
        case .bool(let b): b ? "true" : "false"
        default: nil
        }
    }

    /// Why a variable source may not define `name`, or nil when it may: the rule a suite's `{{name}}` follows
    /// (a name no template can use would be silently ignored).
    /// - Parameter name: the name a vars file, `--var` or `--secret` defines.
    /// - Returns: the problem and its fix, or nil.
    public static func problem(withName name: String) -> String? {
        let fix = "a variable name starts with a letter or `_` and holds letters, digits, `_`, `-` and `.`"
        if name.hasPrefix("env.") { return "`env.` names read the environment and cannot be set; \(fix)" }
        do {
            let template = try Template("{{" + name + "}}")
            guard template.variableNames == [name] else { return "`\(name)` is not a valid variable name; \(fix)" }
            return nil
        } catch {
            return "`\(name)` is not a valid variable name; \(fix)"
        }
    }
}
