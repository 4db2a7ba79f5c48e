import AFSuite
import Foundation
import JSONPath

/// Takes captured values from a response: the first node of a JSONPath, a header, a regex group
/// on the body, the status code; each then through its `filters`.
public enum CaptureExtractor {
    /// A capture that found nothing.
    public struct Miss: Error, Sendable, Hashable {
        /// The capture's name.
        public var name: String
        /// Why.
        public var reason: String
    }

    /// Every capture that found nothing, in the test's order: all of them are reported at once.
    public struct Misses: Error, Sendable, Hashable {
        /// The misses, at least one.
        public var misses: [Miss]
    }

    /// The captured values in order, or every miss.
    /// - Parameters:
    ///   - captures: what to take.
    ///   - context: the response.
    ///   - regexLimit: how long one regex capture may search.
    ///   - typed: told each capture whose final value is not a string and came from a JSON node or a
    ///     filter (for `json` bodies that insert it with its type).
    public static func extract(
        _ captures: [CaptureSpec],
        from context: ResponseContext,
        regexLimit: Duration = BoundedRegex.defaultLimit,
        typed: (_ name: String, _ value: JSONValue) -> Void = { _, _ in }
    ) -> Result<[(String, String)], Misses> {
        var values: [(String, String)] = []
        var misses: [Miss] = []
        for capture in captures {
            switch value(of: capture, context: context, regexLimit: regexLimit) {
            case .success(let v):
                guard !capture.filters.isEmpty else {
                    if case .json = capture.source { report(v, of: capture.name, to: typed) }
                    values.append((capture.name, v.templateText))
                    continue
                }
                switch FilterPipeline.apply(capture.filters, to: v, now: context.now, regexLimit: regexLimit) {
                case .success(let filtered?):
                    report(filtered, of: capture.name, to: typed)
                    values.append((capture.name, filtered.templateText))
                case .success(nil): misses.append(Miss(name: capture.name, reason: "the filters gave nothing"))
                case .failure(let failure): misses.append(Miss(name: capture.name, reason: failure.description))
                }
            case .failure(let miss): misses.append(miss)
            }
        }
        return misses.isEmpty ? .success(values) : .failure(Misses(misses: misses))
    }

    private static func report(_ value: JSONValue, of name: String, to typed: (String, JSONValue) -> Void) {
        if case .string = value { return }
        typed(name, value)
    }

    private static func value(
        of capture: CaptureSpec,
        context: ResponseContext,
        regexLimit: Duration
    ) -> Result<JSONValue, Miss> {
        func miss(_ reason: String) -> Result<JSONValue, Miss> { .failure(Miss(name: capture.name, reason: reason)) }
        switch capture.source {
        case .status:
            guard let status = context.response?.statusCode else { return miss("no response") }
            return .success(.number(JSONNumber(status)))
        case .header(let name):
            guard let value = context.response?.headers[name] else { return miss("no header \(name) in the response") }
            return .success(.string(value))
        case .json, .regex:
            if let problem = context.truncationProblem { return miss(problem) }
            return bodyValue(of: capture, context: context, regexLimit: regexLimit)
        }
    }

    /// A capture from the body (JSONPath or regex), once the whole body is known to be there.
    private static func bodyValue(
        of capture: CaptureSpec,
        context: ResponseContext,
        regexLimit: Duration
    ) -> Result<JSONValue, Miss> {
        func miss(_ reason: String) -> Result<JSONValue, Miss> { .failure(Miss(name: capture.name, reason: reason)) }
        switch capture.source {
        case .status, .header: return miss("not a body capture")
        case .json(let path):
            // The document the assertions already parsed (one parse per response).
            let root: JSONDocument
            switch context.jsonDocument {
            case .success(let document): root = document
            case .failure(let error): return miss("the body is not JSON (\(error.description))")
            }
            let query: JSONPathQuery
            do { query = try JSONPathQuery(path) } catch {
                return miss("invalid JSONPath \(path): \(error.description)")
            }
            let selected: [JSONPathNode]
            do { selected = try query.evaluate(root, regexLimit: regexLimit) } catch {
                return miss("\(path): \(error.description) (--regex-timeout); simplify the pattern")
            }
            guard let node = selected.first else { return miss("\(path) selected nothing") }
            return .success(node.value)
        case .regex(let pattern, let group):
            let regex: BoundedRegex
            do { regex = try BoundedRegex(pattern) } catch { return miss("invalid regex /\(pattern)/") }
            let text = context.text
            switch regex.firstMatch(in: text, limit: regexLimit) {
            case .noMatch: return miss("/\(pattern)/ did not match the body")
            case .stopped:
                return miss(
                    "/\(pattern)/ was stopped at the regex time limit (--regex-timeout) without an answer; simplify the pattern"
                )
            case .matched(let ranges):
                guard group < ranges.count, let range = ranges[group] else {
                    return miss("/\(pattern)/ has no group \(group)")
                }
                return .success(.string(String(text[range])))
            }
        }
    }
}
