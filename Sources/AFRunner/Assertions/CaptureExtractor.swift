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
        /// What the source gave before the capture's filters, when it has any (as a variable would hold it): a
        /// value derived from a secret (`base64Encode`, `uppercase`) is a secret too.
        public var unfiltered: String?
    }

    /// The captured values and the misses.
    /// - Parameters:
    ///   - captures: what to take.
    ///   - context: the response.
    ///   - regexLimit: how long one regex capture may search.
    ///   - xpathNamespaces: the prefixes `xpath` captures may use.
    public static func extract(
        _ captures: [CaptureSpec],
        from context: ResponseContext,
        regexLimit: Duration = BoundedRegex.defaultLimit,
        xpathNamespaces: [String: String] = [:]
    ) -> Extraction {
        var values: [Captured] = []
        var misses: [Miss] = []
        for capture in captures {
            switch value(of: capture, context: context, regexLimit: regexLimit, namespaces: xpathNamespaces) {
            case .success(let start):
                guard !capture.filters.isEmpty else {
                    let v = start.json
                    let typed: Bool
                    switch capture.source {
                    case .json, .xpath: typed = v.isNotString
                    default: typed = false
                    }
                    values.append(Captured(name: capture.name, text: v.templateText, value: v, isTyped: typed))
                    continue
                }
                switch FilterPipeline.apply(capture.filters, from: start, now: context.now, regexLimit: regexLimit) {
                case .success(let filtered?):
                    values.append(
                        Captured(
                            name: capture.name,
                            text: filtered.templateText,
                            value: filtered,
                            isTyped: filtered.isNotString,
                            unfiltered: start.json.templateText
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
        regexLimit: Duration,
        namespaces: [String: String]
    ) -> Result<FilterPipeline.Value, Miss> {
        func miss(_ reason: String) -> Result<FilterPipeline.Value, Miss> {
            .failure(Miss(name: capture.name, reason: reason))
        }
        guard let response = context.response else { return miss("no response") }
        switch capture.source {
        case .status: return .success(.json(.number(JSONNumber(response.statusCode))))
        case .header(let name):
            guard let value = response.headers[name] else { return miss("no header \(name) in the response") }
            return .success(.json(.string(value)))
        case .headerRegex(let name, let pattern, let group):
            guard let value = response.headers[name] else { return miss("no header \(name) in the response") }
            return regexGroup(pattern, group: group, in: value, what: "the header \(name)", capture, regexLimit)
                .map { .json(.string($0)) }
        case .cookie(let name):
            guard let cookie = ResponseCookie.named(name, in: response) else {
                // Say where the capture looked: every response of the chain.
                let hops = response.redirects.count
                guard hops > 0 else { return miss("the response sets no cookie \(name)") }
                return miss(
                    "neither the final response nor the \(hops == 1 ? "redirect" : "\(hops) redirects") before it"
                        + " set a cookie \(name)"
                )
            }
            return .success(.json(.string(cookie.value)))
        case .url: return .success(.json(.string(response.url.absoluteString)))
        case .redirects: return .success(.json(.number(JSONNumber(response.redirects.count))))
        case .json, .regex, .xpath, .body, .bytes:
            if let problem = context.unreadableBodyProblem { return miss(problem) }
            return bodyValue(of: capture, context: context, regexLimit: regexLimit, namespaces: namespaces)
        }
    }

    /// Group `group` of `pattern`'s first match in `text`.
    private static func regexGroup(
        _ pattern: String,
        group: Int,
        in text: String,
        what: String,
        _ capture: CaptureSpec,
        _ regexLimit: Duration
    ) -> Result<String, Miss> {
        func miss(_ reason: String) -> Result<String, Miss> { .failure(Miss(name: capture.name, reason: reason)) }
        let regex: BoundedRegex
        do { regex = try BoundedRegex(pattern) } catch { return miss("invalid regex /\(pattern)/") }
        switch regex.firstMatch(in: text, limit: regexLimit) {
        case .noMatch: return miss("/\(pattern)/ did not match \(what)")
        case .stopped:
            return miss(
                "/\(pattern)/ was stopped at the regex time limit (--regex-timeout) without an answer; simplify the pattern"
            )
        case .matched(let ranges):
            guard group < ranges.count, let range = ranges[group] else {
                return miss("/\(pattern)/ has no group \(group)")
            }
            return .success(String(text[range]))
        }
    }

    /// A capture from the body (JSONPath, regex, XPath, the text or the bytes), once the whole body is
    /// known to be there.
    private static func bodyValue(
        of capture: CaptureSpec,
        context: ResponseContext,
        regexLimit: Duration,
        namespaces: [String: String]
    ) -> Result<FilterPipeline.Value, Miss> {
        func miss(_ reason: String) -> Result<FilterPipeline.Value, Miss> {
            .failure(Miss(name: capture.name, reason: reason))
        }
        switch capture.source {
        case .status, .header, .headerRegex, .cookie, .url, .redirects: return miss("not a body capture")
        case .body: return .success(.json(.string(context.text)))
        case .bytes: return .success(.bytes(context.body))
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
            return .success(.json(node.value))
        case .regex(let pattern, let group):
            return regexGroup(pattern, group: group, in: context.text, what: "the body", capture, regexLimit)
                .map { .json(.string($0)) }
        case .xpath(let expression):
            return xpathValue(expression, namespaces: namespaces, context: context).mapError {
                Miss(name: capture.name, reason: $0.text)
            }
        }
    }

    /// The first node's string value, or the value, of an XPath expression on the body (HTML when the
    /// media type names `html`, as `xpath` assertions read it).
    private static func xpathValue(
        _ expression: String,
        namespaces: [String: String],
        context: ResponseContext
    ) -> Result<FilterPipeline.Value, FilterPipeline.Reason> {
        context.withXPathDocument { parsed in
            let document: XPathDocument
            switch parsed {
            case .success(let parsed): document = parsed
            case .failure(let error): return .failure(.init("\(expression): \(context.xpathProblem(error))"))
            }
            do throws(XPathDocument.Failure) {
                switch try document.evaluate(expression, namespaces: namespaces) {
                case .nodes(let strings):
                    guard let first = strings.first else { return .failure(.init("\(expression) selected nothing")) }
                    return .success(.json(.string(first)))
                case .number(let n): return .success(.json(.number(JSONNumber(n))))
                case .string(let text): return .success(.json(.string(text)))
                case .boolean(let b): return .success(.json(.bool(b)))
                }
            } catch {
                return .failure(.init("\(expression): \(error.message)"))
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
