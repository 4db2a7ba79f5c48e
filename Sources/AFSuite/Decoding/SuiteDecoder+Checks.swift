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
        /// Whether the name is the `baseURL`'s, needed by a setup test's relative URL (`checkBaseURL(of:at:)`).
        var viaBaseURL = false
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

    /// A relative `url` of a setup test is resolved against the `baseURL`, so the setup test needs the base's
    /// variables: one that only a later setup test (or this one) captures is reported at the URL, which must then
    /// be absolute. Tests and the teardown run after the whole setup and need no such check.
    mutating func checkBaseURL(of url: String, at node: SuiteNode) {
        guard case .test(let index) = scope, index < setupCount, let base = baseURLTemplate,
            !url.hasPrefix("{{"), !URLText.isHTTP(url), URLText.otherScheme(of: url) == nil
        else { return }
        for placeholder in base.placeholders where !isVisible(placeholder.name, scope, ownCaptures: false) {
            unresolved.append(
                UnresolvedUse(
                    name: placeholder.name,
                    scope: scope,
                    ownCaptures: false,
                    location: location(node),
                    viaBaseURL: true
                )
            )
        }
    }

    /// Reports every use `checkUses` could not resolve, with why when some test captures the name.
    mutating func finishVariableCheck() {
        for use in unresolved {
            // Setup runs before every test: what it captures is there for the defaults of every request after it.
            if use.scope == .defaults, capturedBySetup.contains(use.name) { continue }
            // A name nothing captures is reported once, at the `baseURL`.
            if use.viaBaseURL, !capturedBySetup.contains(use.name) { continue }
            let (note, fix) = explanation(of: use)
            var diagnostic = SuiteDiagnostic(
                location: use.location,
                reason: .undefinedVariable(name: use.name, note: note)
            )
            if let fix { diagnostic.fix = fix }
            diagnostics.append(.invalid(diagnostic))
        }
        unresolved = []
    }

    /// Why `use` does not see its name when some test captures it, and the fix when it is not the usual one.
    private func explanation(of use: UnresolvedUse) -> (note: String?, fix: String?) {
        let name = use.name
        if use.viaBaseURL {
            return (
                "this setup test's relative URL needs the `baseURL`, which uses `\(name)` before setup captures it",
                "write this setup test's `url` absolute (`https://…/login`), or capture `\(name)` in an earlier"
                    + " setup test"
            )
        }
        guard capturedSoFar.contains(name) else { return (nil, nil) }
        switch use.scope {
        case .test(let index) where parallel && index >= setupCount:
            return (
                "captures do not flow between tests of a parallel suite",
                "capture `\(name)` in a `setup` test (its captures reach every test), or remove `\"parallel\": true`"
                    + " so captures flow down"
            )
        case .test:
            return (
                use.ownCaptures
                    ? "it is captured by a later test; captures are visible to this test's `expect` and the tests"
                        + " after it"
                    : "it is captured by this or a later test; captures are visible to the tests after it",
                nil
            )
        case .defaults:
            return (
                "`baseURL` and `defaults` see the captures of `setup` tests, not those of the suite's tests",
                "capture `\(name)` in a `setup` test (setup runs before every test), or write the value on the tests"
                    + " that use it"
            )
        case .suite:
            return (
                "only `baseURL` and the `headers`, `auth` and `basicAuth` of `defaults` see captures, those of `setup` tests",
                "define `\(name)` in the suite's `variables` or pass `--var \(name)=…`, or write this setting on the"
                    + " tests that use it"
            )
        }
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
