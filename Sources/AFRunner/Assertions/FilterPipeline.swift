import AFSession
import AFSuite
import Foundation
import JSONPath

/// Applies a `filters` pipeline to an extracted value. An absent value stays absent (so `exists: false`
/// still reads it); a filter that cannot apply stops the pipeline with a message naming the filter, its
/// place and what it got.
public enum FilterPipeline {
    /// A value between filters: JSON, or a date or bytes that only filters produce.
    enum Value {
        case json(JSONValue)
        case date(Date)
        case bytes(Data)

        /// What a predicate or capture sees at the end: dates as ISO 8601 text, bytes as UTF-8 text.
        var json: JSONValue {
            switch self {
            case .json(let v): v
            case .date(let d): .string(FilterPipeline.iso8601(d))
            case .bytes(let b): .string(String(decoding: b, as: UTF8.self))
            }
        }

        /// For messages: the value as JSON, shortened; a date as ISO 8601; bytes by their count.
        var shown: String {
            switch self {
            case .json(let v):
                let text = v.serialized()
                return text.count > 80 ? String(text.prefix(80)) + "…" : text
            case .date(let d): return "the date \(FilterPipeline.iso8601(d))"
            case .bytes(let b): return "\(b.count) bytes"
            }
        }
    }

    /// Why a filter could not apply.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The filter.
        public var filter: ValueFilter
        /// Its place in the pipeline, 1-based.
        public var position: Int
        /// What it got, as shown.
        public var got: String
        /// Why it failed.
        public var reason: String

        /// `filter 2 (toInt) got "abc": not an integer`.
        public var description: String { "filter \(position) (\(filter)) got \(got): \(reason)" }
    }

    /// `value` through `filters`, in order.
    /// - Parameters:
    ///   - filters: the pipeline.
    ///   - value: the extracted value; nil when absent.
    ///   - now: the time `daysBeforeNow`/`daysAfterNow` count from.
    /// - Returns: the filtered value, or the first failure.
    public static func apply(
        _ filters: [ValueFilter],
        to value: JSONValue?,
        now: Date,
        regexLimit: Duration = BoundedRegex.defaultLimit
    ) -> Result<JSONValue?, Failure> {
        guard let value, !filters.isEmpty else { return .success(value) }
        return apply(filters, from: .json(value), now: now, regexLimit: regexLimit)
    }

    /// `start` (JSON, or the raw bytes of a `bytes` capture) through `filters`, in order.
    static func apply(
        _ filters: [ValueFilter],
        from start: Value,
        now: Date,
        regexLimit: Duration
    ) -> Result<JSONValue?, Failure> {
        var current = start
        for (offset, filter) in filters.enumerated() {
            switch step(filter, current, now: now, regexLimit: regexLimit) {
            case .success(let next): current = next
            case .failure(let reason):
                return .failure(Failure(filter: filter, position: offset + 1, got: current.shown, reason: reason.text))
            }
        }
        return .success(current.json)
    }

    struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
