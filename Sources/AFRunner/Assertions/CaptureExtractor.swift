import AFSuite
import Foundation
import JSONPath

/// Takes captured values from a response: the first node of a JSONPath, a header, a regex group
/// on the body, the status code.
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
    public static func extract(_ captures: [CaptureSpec], from context: ResponseContext) -> Result<[(String, String)], Misses> {
        var values: [(String, String)] = []
        var misses: [Miss] = []
        var document: JSONValue?
        for capture in captures {
            switch value(of: capture, context: context, document: &document) {
            case .success(let v): values.append((capture.name, v))
            case .failure(let miss): misses.append(miss)
            }
        }
        return misses.isEmpty ? .success(values) : .failure(Misses(misses: misses))
    }

    private static func value(of capture: CaptureSpec, context: ResponseContext, document: inout JSONValue?) -> Result<String, Miss> {
        func miss(_ reason: String) -> Result<String, Miss> { .failure(Miss(name: capture.name, reason: reason)) }
        switch capture.source {
        case .status:
            guard let status = context.response?.statusCode else { return miss("no response") }
            return .success("\(status)")
        case .header(let name):
            guard let value = context.response?.headers[name] else { return miss("no header \(name) in the response") }
            return .success(value)
        case .json(let path):
            if document == nil {
                do { document = try JSONValue(parsing: context.body) } catch { return miss("the body is not JSON (\(error.description))") }
            }
            guard let root = document else { return miss("the body is not JSON") }
            let query: JSONPathQuery
            do { query = try JSONPathQuery(path) } catch { return miss("invalid JSONPath \(path): \(error.description)") }
            guard let node = query.evaluate(root).first else { return miss("\(path) selected nothing") }
            return .success(node.value.templateText)
        case .regex(let pattern, let group):
            let regex: Regex<AnyRegexOutput>
            do { regex = try Regex(pattern) } catch { return miss("invalid regex /\(pattern)/") }
            guard let match = context.text.firstMatch(of: regex) else { return miss("/\(pattern)/ did not match the body") }
            guard group < match.output.count, let substring = match.output[group].substring else {
                return miss("/\(pattern)/ has no group \(group)")
            }
            return .success(String(substring))
        }
    }
}
