/// ANSI styling, or none.
struct Style: Sendable {
    let enabled: Bool

    func red(_ s: String) -> String { wrap(s, "31") }
    func green(_ s: String) -> String { wrap(s, "32") }
    func yellow(_ s: String) -> String { wrap(s, "33") }
    func dim(_ s: String) -> String { wrap(s, "2") }
    func bold(_ s: String) -> String { wrap(s, "1") }

    /// The status word of a result, padded and colored.
    func status(_ status: String) -> String {
        let padded = status.padding(toLength: 5, withPad: " ", startingAt: 0)
        switch status {
        case "PASS": return green(padded)
        case "FAIL", "ERROR": return red(padded)
        default: return yellow(padded)
        }
    }

    private func wrap(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
