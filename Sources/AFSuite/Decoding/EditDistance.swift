/// Did-you-mean suggestions by edit distance.
enum EditDistance {
    /// The edit distance between `a` and `b`, case-insensitive: insertions, deletions, substitutions and
    /// swaps of two neighbouring characters (`valeu` is one edit from `value`) each count one.
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a.lowercased())
        let t = Array(b.lowercased())
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var beforePrevious = [Int](repeating: 0, count: t.count + 1)
        var previous = Array(0...t.count)
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[t.count]
    }

    /// The candidate closest to `word`, when it is close enough to be a likely typo
    /// (at most a third of the word's length, and at least one edit allowed).
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let limit = max(1, min(3, word.count / 3))
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word, candidate)
            if d <= limit, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Whether `typed` is likely a misspelling of `key`: close by edit distance (as `suggestion`), or a
    /// shortening or lengthening of it (`user` for `username`, `passwordText` for `password`), at least three
    /// characters long.
    static func isLikelyMisspelling(_ typed: String, of key: String) -> Bool {
        if suggestion(for: typed, among: [key]) != nil { return true }
        let a = typed.lowercased()
        let b = key.lowercased()
        return min(a.count, b.count) >= 3 && (a.hasPrefix(b) || b.hasPrefix(a))
    }
}
