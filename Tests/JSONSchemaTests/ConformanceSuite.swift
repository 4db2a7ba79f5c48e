import Foundation
import JSONPath
import JSONSchema

/// The official JSON-Schema-Test-Suite, read from `../shared/conformance/json-schema-test-suite/`
/// beside the repository (where CI puts the shared folder too).
struct ConformanceSuite {
    struct Case {
        let file: String
        let group: String
        let test: String
        let schema: JSONValue
        let data: JSONValue
        let valid: Bool
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/conformance/json-schema-test-suite")

    /// Serves `remotes/` at `http://localhost:1234/`, as the suite's README asks.
    static let loader: JSONSchema.Loader = { uri in
        let prefix = "http://localhost:1234/"
        guard uri.hasPrefix(prefix) else { return nil }
        let file = root.appendingPathComponent("remotes").appendingPathComponent(String(uri.dropFirst(prefix.count)))
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try JSONValue(parsing: data)
    }

    /// The cases of every `.json` file in `directory` (relative to `tests/draft2020-12`).
    static func cases(in directory: String) throws -> [Case] {
        let folder = root.appendingPathComponent("tests/draft2020-12").appendingPathComponent(directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for name in names {
            let json = try JSONValue(parsing: Data(contentsOf: folder.appendingPathComponent(name)))
            guard case .array(let groups) = json else { continue }
            for case .object(let group) in groups {
                guard let schema = group["schema"], case .array(let tests)? = group["tests"],
                    case .string(let groupName)? = group["description"]
                else { continue }
                for case .object(let test) in tests {
                    guard case .string(let description)? = test["description"], let data = test["data"],
                        case .bool(let valid)? = test["valid"]
                    else { continue }
                    cases.append(
                        Case(
                            file: directory.isEmpty ? name : directory + "/" + name,
                            group: groupName,
                            test: description,
                            schema: schema,
                            data: data,
                            valid: valid
                        )
                    )
                }
            }
        }
        return cases
    }

    /// Runs cases; returns the descriptions of those that failed.
    static func run(_ cases: [Case], formatAssertion: Bool) -> [String] {
        var failures: [String] = []
        var compiled: [String: Result<JSONSchema, JSONSchemaError>] = [:]
        let options = JSONSchema.Options(formatAssertion: formatAssertion, allowsRemoteReferences: true)
        for item in cases {
            let key = item.file + "\u{0}" + item.group
            let schema =
                compiled[key]
                ?? Result { () throws(JSONSchemaError) in
                    try JSONSchema(compiling: item.schema, options: options, loader: loader)
                }
            compiled[key] = schema
            switch schema {
            case .failure(let error):
                failures.append("\(item.file) › \(item.group) › \(item.test): schema error \(error)")
            case .success(let schema):
                let result = schema.validate(item.data)
                if result.isValid != item.valid || schema.isValid(item.data) != item.valid {
                    failures.append(
                        "\(item.file) › \(item.group) › \(item.test): expected \(item.valid ? "valid" : "invalid")"
                            + (result.violations.first.map { " (\($0))" } ?? "")
                    )
                }
            }
        }
        return failures
    }
}
