import Foundation

/// A last line of defence for sinks (history, reports): hides values whose names say they are secret,
/// even though the runner redacts before results leave it. Applied at the storage/report boundary so a
/// runner bug cannot put a token on disk.
public enum SinkRedactor {
    /// What a hidden value becomes (the runner's mask too).
    public static let mask = Redactor.mask

    /// Names always treated as secret (lowercased): `SensitiveNames.exact`.
    public static let secretHeaderNames = Set(SensitiveNames.exact)

    /// Fragments that mark a name (header, query item, form field, JSON member, capture) as secret:
    /// `SensitiveNames.fragments`.
    static let secretFragments = SensitiveNames.fragments

    /// Whether a header, query or capture name looks secret.
    public static func isSecretName(_ name: String) -> Bool {
        if let found = fragmentWords.found(in: name) {
            return found ? !isBenign(name) : isExactNameWithoutFragment(name)
        }
        let lower = name.lowercased()
        if secretHeaderNames.contains(lower) { return true }
        return secretFragments.contains { lower.contains($0) } && !isBenign(name)
    }

    /// Whether a name that contains a fragment is still no secret: one of `SensitiveNames.benignNames`, or every
    /// fragment in it lies inside one of `SensitiveNames.benignWords` (`author`, but not `author_token`).
    static func isBenign(_ name: String) -> Bool {
        let lower = name.lowercased()
        if secretHeaderNames.contains(lower) { return false }
        if benignNames.contains(lower) { return true }
        let rest = withoutBenignWords(name)
        return !secretFragments.contains { rest.contains($0) }
    }

    private static let benignWords = Set(SensitiveNames.benignWords)
    private static let benignNames = Set(SensitiveNames.benignNames)

    /// A name lowercased, with each word of `SensitiveNames.benignWords` replaced by a space. Words are split at
    /// anything but letters and digits, and before an upper-case letter that follows a lower-case one
    /// (`postAuthor` is `post`, `author`); what is not a benign word stays as it was, punctuation included.
    static func withoutBenignWords(_ name: String) -> String {
        var result = ""
        var word = ""
        var previousWasLower = false
        func endWord() {
            result += benignWords.contains(word) ? " " : word
            word = ""
        }
        for character in name {
            guard character.isLetter || character.isNumber else {
                endWord()
                result += character.lowercased()
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower { endWord() }
            word += character.lowercased()
            previousWasLower = character.isLowercase
        }
        endWord()
        return result
    }

    /// Headers with secret values masked.
    public static func headers(_ fields: [HeaderField]) -> [HeaderField] {
        // Usually none is secret: no new array then.
        guard fields.contains(where: { isSecretName($0.name) && $0.value != mask }) else { return fields }
        return fields.map { isSecretName($0.name) && $0.value != mask ? HeaderField(name: $0.name, value: mask) : $0 }
    }

    /// A URL with user info and secret query values masked.
    public static func url(_ text: String) -> String {
        // Only a password (it needs `@`) or a query item with a secret name can be masked: with no `@`, and a
        // query with no percent-encoded byte and no secret-looking word, nothing can.
        if urlIsPlain(text) || (!asciiHas(text, UInt8(ascii: "@")) && queryNeedsNoMask(text)) { return text }
        guard var components = URLComponents(string: text) else { return text }
        var changed = false
        if components.password != nil {
            components.password = mask
            changed = true
        }
        if let items = components.queryItems {
            components.queryItems = items.map { item in
                guard isSecretName(item.name), item.value != nil else { return item }
                changed = true
                return URLQueryItem(name: item.name, value: mask)
            }
        }
        return changed ? (components.string ?? text) : text
    }

    /// Text (a body excerpt, a message) with `"secretName": "value"` JSON members and
    /// `secretName=value` pairs masked.
    public static func text(_ text: String) -> String {
        // Most texts name none of the trigger words: skip the regexes for them.
        if triggerWordSet.found(in: text) == false { return text }
        let lowered = text.lowercased()
        guard triggerWords.contains(where: lowered.contains) else { return text }
        var result = text
        for (regex, quoted) in textRules {
            let matches = regex.matches(in: result, range: NSRange(result.startIndex..., in: result))
            // From the end, so the ranges of earlier matches stay valid; a name the pattern takes for a candidate
            // (`author` holds `auth`) is kept when `isSecretName` says it is benign.
            for match in matches.reversed() {
                guard let whole = Range(match.range, in: result), let kept = Range(match.range(at: 1), in: result),
                    let name = Range(match.range(at: 2), in: result), isSecretName(String(result[name]))
                else { continue }
                result.replaceSubrange(whole, with: result[kept] + (quoted ? "\"\(mask)\"" : mask))
            }
        }
        return result
    }

    /// The words that make a text worth the regular expressions: every sensitive name and fragment.
    static let triggerWords = SensitiveNames.fragments + SensitiveNames.exact

    /// The names the text rules match, as a pattern: a whole sensitive name, or any name with a fragment.
    private static let namePattern: String = {
        let escape = { (word: String) in NSRegularExpression.escapedPattern(for: word) }
        let exact = SensitiveNames.exact.sorted { $0.count > $1.count }.map(escape).joined(separator: "|")
        let fragments = SensitiveNames.fragments.map(escape).joined(separator: "|")
        // Dots belong to names (`connect.sid`, `ASP.NET_SessionId`, `db.password`): without them such a name was
        // never matched whole, and its value stayed in the text.
        return #"(?:[A-Za-z0-9_.\-]*(?:"# + fragments + #")[A-Za-z0-9_.\-]*|"# + exact + ")"
    }()

    /// The text rules, compiled once (compiling them per call cost a quarter of a run's CPU);
    /// `NSRegularExpression` is immutable and safe to match from several threads:
    /// a JSON member (`"privateKey": "…"`), a `name=value` pair (a query, a form body, a cookie), and a header
    /// line quoted in text (`Authorization: …`).
    private static let textRules: [(NSRegularExpression, quoted: Bool)] = [
        (#"("("# + namePattern + #")"\s*:\s*)"(?:[^"\\]|\\.)*""#, true),
        (#"((?:^|[?&;,\s])("# + namePattern + #")=)[^&;,\s"]+"#, false),
        (#"((?:^|[\r\n])[ \t]*("# + namePattern + #"):[ \t]*)[^\r\n]+"#, false),
    ].compactMap { pattern, quoted in
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return nil }
        return (regex, quoted)
    }

    /// A result with every field a sink stores or prints passed through the rules above.
    public static func result(_ result: TestResult) -> TestResult {
        var copy = result
        if var request = copy.request {
            request.headers = headers(request.headers)
            request.url = url(request.url)
            request.bodyExcerpt = request.bodyExcerpt.map(text)
            copy.request = request
        }
        if var response = copy.response {
            response.headers = headers(response.headers)
            response.bodyExcerpt = text(response.bodyExcerpt)
            copy.response = response
        }
        if copy.captures.keys.contains(where: isSecretName) {
            copy.captures = Dictionary(
                uniqueKeysWithValues: copy.captures.map { key, value in
                    (key, isSecretName(key) ? mask : value)
                }
            )
        }
        copy.assertions = assertions(copy.assertions)
        if var error = copy.error {
            error.message = text(error.message)
            copy.error = error
        }
        return copy
    }

    /// Assertions with their values passed through the rules (hidden whole for a secret header); the same
    /// array when none can need it (most name no secret at all).
    public static func assertions(_ list: [AssertionResult]) -> [AssertionResult] {
        let mayMask = list.contains { assertion in
            (assertion.kind == "header" && assertion.target.map(isSecretName) == true)
                || mayNeedText(assertion.expected) || assertion.actual.map(mayNeedText) == true
                || mayNeedText(assertion.message)
        }
        return mayMask ? list.map(masked) : list
    }

    /// An assertion with its values passed through the rules (hidden whole for a secret header).
    private static func masked(_ assertion: AssertionResult) -> AssertionResult {
        var masked = assertion
        let secretTarget = assertion.kind == "header" && assertion.target.map(isSecretName) == true
        if secretTarget {
            masked.expected = mask
            masked.actual = assertion.actual == nil ? nil : mask
            masked.message = "\(assertion.target ?? "header"): value hidden (secret header)"
        } else {
            masked.expected = text(assertion.expected)
            masked.actual = assertion.actual.map(text)
            masked.message = text(assertion.message)
        }
        return masked
    }

    /// Whether `text` could change under `text(_:)`: it names a trigger word, or is not ASCII.
    static func mayNeedText(_ text: String) -> Bool {
        triggerWordSet.found(in: text) != false
    }

    /// A command line with the values of secret-looking options and `Name: value` headers masked. A
    /// `--secret name=value` keeps its variable's name (`--secret name=***`): names are never masked.
    public static func commandLine(_ arguments: [String]) -> [String] {
        var output: [String] = []
        var hiding: String?
        for argument in arguments {
            if let option = hiding {
                output.append(maskedValue(argument, of: option))
                hiding = nil
                continue
            }
            if argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") {
                let name = String(argument[..<equals])
                // The value may be a URL with a password (`--db=postgres://user:password@host/db`) or a
                // `name=value` pair of its own (`--var=token=…`), read as the separate argument would be.
                let value = String(argument[argument.index(after: equals)...])
                output.append("\(name)=" + (isSecretName(name) ? maskedValue(value, of: name) : text(url(value))))
                continue
            }
            if argument.hasPrefix("-"), isSecretName(argument) { hiding = argument }
            output.append(text(url(argument)))
        }
        return output
    }

    /// The value of a secret option: `name=***` for `--secret name=value`, whose name is a variable's, else
    /// all of it masked.
    private static func maskedValue(_ value: String, of option: String) -> String {
        guard option == "--secret", let equals = value.firstIndex(of: "="), equals > value.startIndex else {
            return mask
        }
        return "\(value[..<equals])=\(mask)"
    }
}
