/// A value a template generates when it is rendered, written `{{$name}}` or `{{$name(arguments)}}`.
///
/// Each occurrence generates its own value. `afrun run --seed N` makes the random ones reproducible;
/// timestamps are always the time of sending.
public enum GeneratedValue: Sendable, Hashable {
    /// `$uuid`: a random version-4 UUID, lower-case.
    case uuid
    /// `$timestamp`: Unix time in whole seconds.
    case timestamp
    /// `$isoTimestamp`: the time in ISO 8601, UTC, with milliseconds (`2026-11-26T14:05:09.123Z`).
    case isoTimestamp
    /// `$randomInt(min,max)`: an integer from `min` to `max`, both included.
    case randomInt(min: Int, max: Int)
    /// `$randomString(length)`: letters and digits.
    case randomString(length: Int)

    /// The generators' names, for messages.
    public static let names = ["$uuid", "$timestamp", "$isoTimestamp", "$randomInt(min,max)", "$randomString(length)"]

    /// The longest `$randomString`.
    public static let maxStringLength = 4096

    /// Parses a placeholder name that starts with `$`.
    /// - Parameter name: the name as written inside the braces, trimmed (`$randomInt(1, 100)`).
    /// - Returns: the generator, or nil when `problem(in:)` has something to say.
    public init?(parsing name: String) {
        guard case .success(let value) = Self.parse(name) else { return nil }
        self = value
    }

    /// Why `name` is not a generator, or nil when it is one.
    static func problem(in name: String) -> String? {
        if case .failure(let problem) = parse(name) { return problem.message }
        return nil
    }

    /// Whether the value is a JSON number (lone in a `json` body it is sent as one).
    public var isNumber: Bool {
        switch self {
        case .timestamp, .randomInt: true
        case .uuid, .isoTimestamp, .randomString: false
        }
    }

    private struct Problem: Error {
        var message: String
    }

    private static func parse(_ name: String) -> Result<GeneratedValue, Problem> {
        let open = name.firstIndex(of: "(")
        let head = String(name[..<(open ?? name.endIndex)])
        var arguments: [Int] = []
        if let open {
            guard name.hasSuffix(")") else { return .failure(Problem(message: "`\(name)` needs a closing `)`")) }
            let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
            for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Int(part.trimmingWhitespace()) else {
                    return .failure(Problem(message: "`\(name)`: `\(part.trimmingWhitespace())` is not an integer"))
                }
                arguments.append(number)
            }
        }
        func expect(_ count: Int, _ form: String) -> Problem? {
            let given = open == nil ? nil : arguments.count
            if count == 0, given == nil { return nil }
            return given == count ? nil : Problem(message: "write `\(form)`")
        }
        switch head {
        case "$uuid":
            if let problem = expect(0, "{{$uuid}}") { return .failure(problem) }
            return .success(.uuid)
        case "$timestamp":
            if let problem = expect(0, "{{$timestamp}}") { return .failure(problem) }
            return .success(.timestamp)
        case "$isoTimestamp":
            if let problem = expect(0, "{{$isoTimestamp}}") { return .failure(problem) }
            return .success(.isoTimestamp)
        case "$randomInt":
            if let problem = expect(2, "{{$randomInt(min,max)}}, e.g. {{$randomInt(1,100)}}") {
                return .failure(problem)
            }
            guard arguments[0] <= arguments[1] else {
                return .failure(Problem(message: "`\(name)`: the minimum is greater than the maximum"))
            }
            return .success(.randomInt(min: arguments[0], max: arguments[1]))
        case "$randomString":
            if let problem = expect(1, "{{$randomString(length)}}, e.g. {{$randomString(12)}}") {
                return .failure(problem)
            }
            guard (1...maxStringLength).contains(arguments[0]) else {
                return .failure(Problem(message: "`\(name)`: the length must be from 1 to \(maxStringLength)"))
            }
            return .success(.randomString(length: arguments[0]))
        default:
            let bare = names.map { String($0.prefix { $0 != "(" }) }
            let hint = EditDistance.suggestion(for: head, among: bare).map { "; did you mean `\($0)`?" } ?? ""
            return .failure(
                Problem(
                    message: "unknown generated value `\(head)` (known: \(names.joined(separator: ", ")))\(hint)"
                )
            )
        }
    }
}
