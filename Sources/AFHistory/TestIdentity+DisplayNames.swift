import AFRunner

extension TestIdentity {
    /// How a list names its tests: `suite/test`, followed by the suite file when another test of the list has
    /// the same name and another file (a suite file that moved or was copied: `Slow/fast get (suites/perf/slow.json)`), so two
    /// rows never read the same. `trends` names its series the same way.
    public static func displayNames(_ identities: [TestIdentity]) -> [String] {
        var count: [String: Int] = [:]
        for identity in Set(identities) { count[identity.description, default: 0] += 1 }
        return identities.map { identity in
            count[identity.description, default: 0] > 1
                ? "\(identity.description) (\(identity.suiteFile))" : identity.description
        }
    }
}
