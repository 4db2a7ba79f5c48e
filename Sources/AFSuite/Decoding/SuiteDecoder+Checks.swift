import Foundation
import JSONPath

extension SuiteDecoder {
    /// A `{{name}}` that nothing visible defines where it is read, kept with its place until every capture of the
    /// suite is known: whether some test captures it decides the note.
    struct UnresolvedUse {
        var name: String
        var scope: Scope
        var ownCaptures: Bool
        var location: SourceLocation
    }

    /// What the variable and file checks know before the first test: the names defined outside captures, and the
    /// values file paths can be rendered with now.
    mutating func prepareChecks(_ suite: Suite) {
        definedVariables = Set(suite.variables.map(\.name)).union(knownVariables)
        parallel = suite.parallel
        for variable in suite.variables where !knownVariables.contains(variable.name) {
            switch variable.source {
            case .value(let v): fileValues[variable.name] = Self.text(v)
            case .environment(let env, let fallback):
                if let value = environment[env] ?? fallback.map(Self.text) { fileValues[variable.name] = value }
            }
        }
    }

    /// Checks the templates, capture uses and file paths decoded since the last call (the suite's own, then one
    /// test's at a time, in scope order), so a test's uses are checked while its tree is at hand and then dropped.
    /// Visible to a test: suite variables, `--var`, `--secret`, `env.*`, its row's columns, its own captures (in its
    /// `expect`), setup's captures, and in a non-parallel suite the captures of every earlier test.
    /// - Parameter index: the scope index of the test just decoded; nil for the suite's own uses.
    mutating func checkUses(endingScope index: Int?) {
        for use in templates {
            for placeholder in use.template.placeholders
            where !isVisible(placeholder.name, use.scope, ownCaptures: use.seesOwnCaptures) {
                unresolved.append(
                    UnresolvedUse(
                        name: placeholder.name,
                        scope: use.scope,
                        ownCaptures: use.seesOwnCaptures,
                        location: location(inString: use.node, characterOffset: placeholder.offset, key: use.key)
                    )
                )
            }
        }
        for use in captureUses where !isVisible(use.name, use.scope, ownCaptures: true) {
            unresolved.append(
                UnresolvedUse(
                    name: use.name,
                    scope: use.scope,
                    ownCaptures: true,
                    location: location(use.node, key: true)
                )
            )
        }
        checkFiles()
        templates.removeAll(keepingCapacity: true)
        captureUses.removeAll(keepingCapacity: true)
        files.removeAll(keepingCapacity: true)
        guard let index else { return }
        if let names = captureNames.removeValue(forKey: index) {
            capturedSoFar.formUnion(names)
            if index < setupCount { capturedBySetup.formUnion(names) }
        }
        rowNames[index] = nil
    }

    /// Whether `name` is visible where `scope` reads it (`checkUses`).
    private func isVisible(_ name: String, _ scope: Scope, ownCaptures: Bool) -> Bool {
        if name.hasPrefix("env.") || name.hasPrefix("$") || definedVariables.contains(name) { return true }
        guard case .test(let index) = scope else { return false }
        if rowNames[index]?.contains(name) == true { return true }
        if ownCaptures, captureNames[index]?.contains(name) == true { return true }
        if index >= setupCount, capturedBySetup.contains(name) { return true }
        // Setup runs first and alone, parallel suite or not.
        return (!parallel || index < setupCount) && capturedSoFar.contains(name)
    }

    /// Reports every use `checkUses` could not resolve, with why when some test captures the name.
    mutating func finishVariableCheck() {
        for use in unresolved {
            var note: String?
            if capturedSoFar.contains(use.name) {
                if parallel {
                    note = "captures do not flow between tests of a parallel suite"
                } else if case .test = use.scope {
                    note =
                        use.ownCaptures
                        ? "it is captured by a later test; captures are visible to this test's `expect` and the tests after it"
                        : "it is captured by this or a later test; captures are visible to the tests after it"
                } else {
                    note = "`baseURL` and `defaults` see only suite variables, `--var` and `env.*`, not captures"
                }
            }
            report(.undefinedVariable(name: use.name, note: note), at: use.location)
        }
        unresolved = []
    }

    /// Reports files named since the last check that do not exist. Paths with `{{variables}}` are checked only
    /// when every variable resolves now (suite literals and the environment, not `--var` nor captures).
    private mutating func checkFiles() {
        for use in files {
            let rendered = try? use.template.render { name in
                name.hasPrefix("env.") ? environment[String(name.dropFirst(4))] : fileValues[name]
            }
            guard let rendered, !rendered.isEmpty else { continue }
            let url = Suite.resolve(rendered, in: file.deletingLastPathComponent())
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
