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
        /// Whether `name` is visible where `scope` reads it, else why not (nil when nothing captures it).
        func visibility(_ name: String, _ scope: Scope, ownCaptures: Bool) -> (visible: Bool, note: String?) {
            if name.hasPrefix("env.") || name.hasPrefix("$") || defined.contains(name) { return (true, nil) }
            if case .test(let index) = scope {
                if rowNames[index]?.contains(name) == true { return (true, nil) }
                if ownCaptures, captureNames[index]?.contains(name) == true { return (true, nil) }
                if index >= setupCount, capturedBySetup.contains(name) { return (true, nil) }
                if !suite.parallel || index < setupCount,
                    // Tests after the last one that captures see every capture.
                    (index > maxIndex ? capturedAnywhere : capturedBefore[index] ?? []).contains(name)
                {
                    return (true, nil)
                }
            }
            guard capturedAnywhere.contains(name) else { return (false, nil) }
            if suite.parallel { return (false, "captures do not flow between tests of a parallel suite") }
            if case .test = scope {
                return (
                    false,
                    ownCaptures
                        ? "it is captured by a later test; captures are visible to this test's `expect` and the tests after it"
                        : "it is captured by this or a later test; captures are visible to the tests after it"
                )
            }
            return (false, "`baseURL` and `defaults` see only suite variables, `--var` and `env.*`, not captures")
        }
        for use in templates {
            for placeholder in use.template.placeholders {
                let (visible, note) = visibility(placeholder.name, use.scope, ownCaptures: use.seesOwnCaptures)
                if visible { continue }
                report(
                    .undefinedVariable(name: placeholder.name, note: note),
                    at: location(inString: use.node, characterOffset: placeholder.offset, key: use.key)
                )
            }
        }
        for use in captureUses {
            let (visible, note) = visibility(use.name, use.scope, ownCaptures: true)
            if visible { continue }
            report(.undefinedVariable(name: use.name, note: note), at: location(use.node, key: true))
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
