import Foundation
import JSONPath

extension SuiteDecoder {
    /// Reports every `{{name}}` that nothing visible defines. Visible: suite variables, `knownVariables`
    /// (`--var`, `--secret`), `env.*`, and in a non-parallel suite the captures of earlier tests.
    mutating func checkVariables(_ suite: Suite, knownVariables: Set<String>) {
        let defined = Set(suite.variables.map(\.name)).union(knownVariables)
        var capturedBefore: [Int: Set<String>] = [:]
        var running: Set<String> = []
        let maxIndex = captureNames.keys.max() ?? -1
        if maxIndex >= 0 {
            for index in 0...maxIndex {
                capturedBefore[index] = running
                running.formUnion(captureNames[index] ?? [])
            }
        }
        let capturedAnywhere = running
        // Setup runs first and alone, parallel suite or not: its captures are visible to everything after it.
        let capturedBySetup = (0..<setupCount).reduce(into: Set<String>()) { $0.formUnion(captureNames[$1] ?? []) }
        for use in templates {
            for placeholder in use.template.placeholders {
                let name = placeholder.name
                if name.hasPrefix("env.") || name.hasPrefix("$") || defined.contains(name) { continue }
                if case .test(let index) = use.scope, rowNames[index]?.contains(name) == true { continue }
                var visible = false
                if case .test(let index) = use.scope, index >= setupCount, capturedBySetup.contains(name) {
                    visible = true
                } else if case .test(let index) = use.scope, !suite.parallel || index < setupCount {
                    // Tests after the last one that captures see every capture.
                    visible = (index > maxIndex ? capturedAnywhere : capturedBefore[index] ?? []).contains(name)
                }
                if visible { continue }
                var note: String?
                if capturedAnywhere.contains(name) {
                    if suite.parallel {
                        note = "captures do not flow between tests of a parallel suite"
                    } else if case .test = use.scope {
                        note = "it is captured by this or a later test; captures are visible to the tests after it"
                    } else {
                        note = "`baseURL` and `defaults` see only suite variables, `--var` and `env.*`, not captures"
                    }
                }
                report(
                    .undefinedVariable(name: name, note: note),
                    at: location(inString: use.node, characterOffset: placeholder.offset, key: use.key)
                )
            }
        }
    }

    /// Reports files the suite names that do not exist. Paths with `{{variables}}` are checked only when
    /// every variable resolves now (suite literals and the environment, not `--var` nor captures).
    mutating func checkFiles(_ suite: Suite, knownVariables: Set<String>, environment: [String: String]) {
        var values: [String: String] = [:]
        for variable in suite.variables where !knownVariables.contains(variable.name) {
            switch variable.source {
            case .value(let v): values[variable.name] = Self.text(v)
            case .environment(let env, let fallback):
                if let value = environment[env] ?? fallback.map(Self.text) { values[variable.name] = value }
            }
        }
        for use in files {
            let rendered = try? use.template.render { name in
                name.hasPrefix("env.") ? environment[String(name.dropFirst(4))] : values[name]
            }
            guard let rendered, !rendered.isEmpty else { continue }
            let url = Suite.resolve(rendered, in: suite.directory)
            if !FileManager.default.fileExists(atPath: url.path) {
                report(.missingFile(path: rendered, resolved: url.standardizedFileURL.path), at: use.node)
            }
        }
    }

    /// A variable value as text: strings as they are, other values as JSON.
    static func text(_ value: JSONValue) -> String {
        if case .string(let s) = value { return s }
        return value.serialized()
    }
}
