import ArgumentParser
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
struct VariablesFile {
    /// Plain variables.
    var variables: [String: String] = [:]
    /// Secret variables: replaced by `***` in every output, as `--secret` values are.
    var secrets: [String: String] = [:]

    /// Reads and parses `path`.
    /// - Throws: `ValidationError` naming the file, the place and the fix.
    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError(
                "--vars-file \(path): cannot read the file (check the path; it is relative to the working directory)"
            )
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a byte order mark some editors write
        if text.first(where: { !$0.isWhitespace }) == "{" {
            try self.init(json: data, path: path)
        } else {
            try self.init(lines: text, path: path)
        }
    }

    private init(json data: Data, path: String) throws {
        let value: JSONValue
        do { value = try JSONValue(parsing: data) } catch {  // the parser skips a byte order mark itself
            throw ValidationError("\(path):\(error.line):\(error.column): \(error.message)")
        }
        guard case .object(let object) = value else {
            throw ValidationError("\(path): expected a JSON object of variables")
        }
        for (name, member) in object.members {
            if let problem = VariableOptions.problem(withName: name) { throw ValidationError("\(path): \(problem)") }
            let fix = "write a string, number or boolean, or {\"value\": …, \"secret\": true}"
            switch member {
            case .object(let spec):
                guard let text = spec["value"].flatMap(Self.text),
                    spec.members.allSatisfy({ ["value", "secret"].contains($0.key) })
                else {
                    throw ValidationError("\(path): variable `\(name)`: \(fix)")
                }
                if case .bool(true)? = spec["secret"] { secrets[name] = text } else { variables[name] = text }
            default:
                guard let text = Self.text(member) else {
                    throw ValidationError(
                        "\(path): variable `\(name)` is \(member.typeName == "array" ? "an" : "a") \(member.typeName): \(fix)"
                    )
                }
                variables[name] = text
            }
        }
    }

    private init(lines text: String, path: String) throws {
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "="), eq != line.startIndex else {
                // The line is not echoed: it may hold a secret.
                throw ValidationError(
                    "\(path):\(offset + 1): expected name=value (or a JSON object for the whole file)"
                )
            }
            var name = line[..<eq].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("export ") { name = name.dropFirst("export ".count).trimmingCharacters(in: .whitespaces) }
            if let problem = VariableOptions.problem(withName: name) {
                throw ValidationError("\(path):\(offset + 1): \(problem)")
            }
            var value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = String(value.dropFirst().dropLast())
            }
            variables[name] = value
        }
    }

    /// A scalar as the text a template inserts.
    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): s
        case .number(let n): n.literal
        case .bool(let b): b ? "true" : "false"
        default: nil
        }
    }
}
