/// A query's `match()` or `search()` regular expression that had not decided by the evaluation's time
/// limit, so the evaluation stopped without an answer.
///
/// An I-Regexp such as `(a+)+$` backtracks exponentially on a few dozen characters of a response, so
/// a caller that evaluates queries over data it did not write passes a limit
/// (``JSONPathQuery/evaluate(_:regexLimit:)``); all the regex calls of one evaluation share it.
public struct JSONPathRegexStopped: Error, Sendable, Hashable, CustomStringConvertible {
    /// The I-Regexp as written in the query.
    public var pattern: String
    /// The limit that passed.
    public var limit: Duration

    /// `the regex 'PATTERN' of match()/search() was stopped after 1 s without an answer`.
    public var description: String {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return "the regex '\(pattern)' of match()/search() was stopped after \(shown) s without an answer"
    }
}
