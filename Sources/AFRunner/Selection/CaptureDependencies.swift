import AFSuite

/// `--with-deps`: the tests outside a selection whose captures a selected test uses, so a run can send them
/// too instead of failing with "test 'create' captures it and the selection left that test out".
///
/// Which variables a test uses is found the way the run finds it: its request, expectations and captures
/// are rendered (nothing is sent), and each undefined variable that an earlier, unselected test of the suite
/// captures makes that test a provider; a provider's own providers are added the same way.
public enum CaptureDependencies {
    /// A test added to the selection, and why.
    public struct Provider: Sendable, Hashable {
        /// The test added.
        public var provider: TestIdentity
        /// The capture it sets that a selected test uses.
        public var variable: String
        /// The selected test (or provider) that uses it.
        public var usedBy: String
    }

    /// The providers `include` leaves out, in every sequential suite of `suites` (in a parallel suite
    /// captures do not flow between tests; setup tests always run).
    /// - Parameters:
    ///   - suites: the loaded suites.
    ///   - include: the selection.
    ///   - options: the run's variables, secrets, environment and seed.
    /// - Returns: the tests to add, each with the variable and the test that needs it.
    public static func providers(
        in suites: [Suite],
        include: @Sendable (TestIdentity) -> Bool,
        options: RunOptions
    ) -> [Provider] {
        var out: [Provider] = []
        for suite in suites where !suite.parallel {
            out += providers(in: suite, include: include, options: options)
        }
        return out
    }

    private static func providers(
        in suite: Suite,
        include: @Sendable (TestIdentity) -> Bool,
        options: RunOptions
    ) -> [Provider] {
        let identity = { (index: Int) in
            TestIdentity(
                suiteFile: suite.displayPath,
                suiteName: suite.name,
                testName: suite.tests.outline(at: index).name
            )
        }
        // What each test captures, read once (only tests that capture are decoded for it).
        let captured: [[String]] = suite.tests.indices.map { index in
            suite.tests.outline(at: index).features.contains(.captures) ? suite.tests[index].captures.map(\.name) : []
        }
        let captureCount = captured.reduce(0) { $0 + $1.count }
        var selected = Set(suite.tests.indices.filter { include(identity($0)) })
        guard !selected.isEmpty else { return [] }
        let base = VariableScope(
            overrides: options.variables.merging(options.secrets) { _, secret in secret },
            secretOverrides: Set(options.secrets.keys),
            environment: options.environment
        ).adding(suite.variables).scope
        var scope = base
        // Setup captures are always there; a stand-in value is enough to render with.
        for test in suite.setup { for capture in test.captures { scope.captures[capture.name] = "0" } }
        var added: [Provider] = []
        var pending = selected.sorted()
        while let index = pending.popLast() {
            var available = scope
            for earlier in selected where earlier < index {
                for name in captured[earlier] { available.captures[name] = "0" }
            }
            let test = suite.tests[index]
            for name in missing(test, in: suite, scope: available, rounds: captureCount, options: options) {
                // The last earlier unselected test that captures it: the value the test would see.
                guard
                    let provider = (0..<index).reversed().first(where: { candidate in
                        !selected.contains(candidate) && captured[candidate].contains(name)
                    })
                else { continue }
                selected.insert(provider)
                pending.append(provider)
                added.append(
                    Provider(provider: identity(provider), variable: name, usedBy: test.name)
                )
            }
        }
        return added
    }

    /// The variables `test` uses that `scope` lacks, found by rendering it (each missing one is given a
    /// stand-in and the rendering tried again, so every one is found).
    /// - Parameter rounds: the suite's number of captures, past which no more missing names can be found.
    private static func missing(
        _ test: TestCase,
        in suite: Suite,
        scope: VariableScope,
        rounds: Int,
        options: RunOptions
    ) -> [String] {
        var scope = scope
        if let row = test.row { scope.row = row.values }
        scope.generator = ValueGenerator(seed: options.seed)
        let builder = RequestBuilder(suite: suite)
        var names: [String] = []
        // Bounded: each round defines one more name.
        for _ in 0...rounds {
            do throws(RunnerError) {
                _ = try builder.request(for: test, scope: scope)
                _ = try scope.render(test.expect)
                _ = try TestExecutor.render(test.captures, scope: scope)
                return names
            } catch {
                guard case .undefinedVariable(let name) = error, !names.contains(name) else { return names }
                names.append(name)
                scope.captures[name] = "0"
            }
        }
        return names
    }
}
