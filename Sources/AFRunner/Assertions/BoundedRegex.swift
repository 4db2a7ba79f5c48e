import Foundation

/// A regular expression whose every evaluation stops after a time limit.
///
/// A pattern such as `(a+)+$` backtracks exponentially on a few dozen bytes, and a response or a data
/// row can supply exactly that text. Swift's `Regex` cannot be interrupted; `NSRegularExpression`
/// (ICU) calls its block periodically while it matches when asked to report progress, and stops
/// when the block says so. So a stopped evaluation ends cleanly on the thread that ran it, with no
/// thread left burning CPU.
public struct BoundedRegex: @unchecked Sendable {
    // `@unchecked`: `NSRegularExpression` is immutable and documented as safe to use from several
    // threads, but it is not marked `Sendable` on Linux.

    /// The default limit of one evaluation (`--regex-timeout`).
    public static let defaultLimit: Duration = .seconds(1)

    /// What one evaluation found.
    public enum Outcome: Sendable {
        /// The first match: the whole match's and each group's range in the text (nil for a group that
        /// did not take part).
        case matched([Range<String.Index>?])
        /// No match anywhere in the text.
        case noMatch
        /// The limit passed before the engine decided; the text may or may not match.
        case stopped
    }

    /// The pattern as written.
    public let pattern: String
    private let regex: NSRegularExpression

    /// Compiles `pattern` (ICU syntax, as `afrun validate` checks it).
    /// - Throws: when the pattern does not compile.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        regex = try NSRegularExpression(pattern: pattern)
    }

    /// The number of capture groups.
    public var groupCount: Int { regex.numberOfCaptureGroups }

    /// The first match of the pattern in `text`, searched for at most `limit`.
    public func firstMatch(in text: String, limit: Duration) -> Outcome {
        let deadline = ContinuousClock.now + limit
        var outcome = Outcome.noMatch
        let range = NSRange(text.startIndex..., in: text)
        let groups = regex.numberOfCaptureGroups
        regex.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, _, stop in
            if let match {
                outcome = .matched((0...groups).map { Range(match.range(at: $0), in: text) })
                stop.pointee = true
            } else if ContinuousClock.now >= deadline {
                outcome = .stopped
                stop.pointee = true
            }
        }
        return outcome
    }

    /// `text` with every match replaced by `template` (`$1` for a group, as `NSRegularExpression`
    /// writes it), or nil when the limit passed before every match was found.
    public func replacingMatches(in text: String, with template: String, limit: Duration) -> String? {
        let deadline = ContinuousClock.now + limit
        var found: [NSTextCheckingResult] = []
        var stopped = false
        let range = NSRange(text.startIndex..., in: text)
        regex.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, _, stop in
            if let match {
                found.append(match)
            } else if ContinuousClock.now >= deadline {
                stopped = true
                stop.pointee = true
            }
        }
        if stopped { return nil }
        let source = text as NSString
        var output = ""
        var position = 0
        for match in found {
            output += source.substring(with: NSRange(location: position, length: match.range.location - position))
            output += regex.replacementString(for: match, in: text, offset: 0, template: template)
            position = match.range.location + match.range.length
        }
        output += source.substring(from: position)
        return output
    }

    /// Whether the pattern matches anywhere in `text`: true, false, or nil when the limit passed first.
    public func matches(_ text: String, limit: Duration) -> Bool? {
        switch firstMatch(in: text, limit: limit) {
        case .matched: true
        case .noMatch: false
        case .stopped: nil
        }
    }
}
