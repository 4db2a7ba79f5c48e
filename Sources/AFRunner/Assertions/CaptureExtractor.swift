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

    /// What the captures took and what they missed, each in the test's order: every miss is reported at once.
    public struct Extraction: Sendable, Hashable {
        /// The values found.
        public var values: [Captured]
        /// The captures that found nothing.
        public var misses: [Miss]
    }

    /// One captured value.
    public struct Captured: Sendable, Hashable {
        /// The capture's name.
        public var name: String
        /// The value as a variable holds it (strings as they are, others as JSON).
        public var text: String
        /// The value itself, as `expect.captures` predicates see it.
        public var value: JSONValue
        /// Whether the value is not a string and came from a JSON node or a filter: a `json` body that is
        /// exactly `"{{name}}"` inserts it with its type.
        public var isTyped: Bool
    }

    /// The captured values and the misses.
    /// - Parameters:
    ///   - captures: what to take.
    ///   - context: the response.
    ///   - regexLimit: how long one regex capture may search.
    public static func extract(
        _ captures: [CaptureSpec],
        from context: ResponseContext,
        regexLimit: Duration = BoundedRegex.defaultLimit
    ) -> Extraction {
        var values: [Captured] = []
        var misses: [Miss] = []
        for capture in captures {
            switch value(of: capture, context: context, regexLimit: regexLimit) {
            case .success(let v):
                guard !capture.filters.isEmpty else {
                    let typed: Bool
                    if case .json = capture.source { typed = v.isNotString } else { typed = false }
                    values.append(Captured(name: capture.name, text: v.templateText, value: v, isTyped: typed))
                    continue
                }
                switch FilterPipeline.apply(capture.filters, to: v, now: context.now, regexLimit: regexLimit) {
                case .success(let filtered?):
                    values.append(
                        Captured(
                            name: capture.name,
                            text: filtered.templateText,
                            value: filtered,
                            isTyped: filtered.isNotString
                        )
                    )
                case .success(nil): misses.append(Miss(name: capture.name, reason: "the filters gave nothing"))
                case .failure(let failure): misses.append(Miss(name: capture.name, reason: failure.description))
                }
            case .failure(let miss): misses.append(miss)
            }
        }
        return Extraction(values: values, misses: misses)
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

extension JSONValue {
    fileprivate var isNotString: Bool {
        if case .string = self { return false }
        return true
    }
}
