import AFSession
import AFSuite
import Foundation
import JSONPath

extension FilterPipeline {
    /// One filter on one value.
    static func step(_ filter: ValueFilter, _ value: Value, now: Date, regexLimit: Duration) -> Result<Value, Reason> {
        switch filter {
        case .toString:
            if case .json(let v) = value { return .success(.json(.string(v.templateText))) }
            return .success(.json(value.json))
        case .sha256, .md5:
            guard let data = bytes(of: value) else { return .failure(Reason("not text or bytes")) }
            let hex = filter == .sha256 ? OpenSSLDigest.sha256Hex(data) : OpenSSLDigest.md5Hex(data)
            return .success(.json(.string(hex)))
        case .base64Encode:
            guard let data = bytes(of: value) else { return .failure(Reason("not text or bytes")) }
            return .success(.json(.string(data.base64EncodedString())))
        case .decode(let charset):
            guard case .bytes(let data) = value else { return .failure(Reason("not bytes (put `base64Decode` first)")) }
            guard let text = BodyText.strictDecode(data, charset: charset.lowercased()) else {
                return .failure(Reason("not valid \(charset) (or a charset iconv does not know)"))
            }
            return .success(.json(.string(text)))
        case .dateFormat(let pattern):
            guard case .date(let date) = value else { return .failure(Reason("not a date (put `toDate` first)")) }
            return .success(.json(.string(DatePattern(pattern).string(from: date))))
        case .daysBeforeNow, .daysAfterNow:
            guard case .date(let date) = value else { return .failure(Reason("not a date (put `toDate` first)")) }
            let seconds = filter == .daysBeforeNow ? now.timeIntervalSince(date) : date.timeIntervalSince(now)
            return .success(.json(.number(JSONNumber(Int((seconds / 86_400).rounded(.down))))))
        default:
            guard case .json(let json) = value else { return .failure(Reason("not a JSON value")) }
            return jsonStep(filter, json, regexLimit: regexLimit)
        }
    }

    /// Filters that take a JSON value.
    private static func jsonStep(
        _ filter: ValueFilter,
        _ value: JSONValue,
        regexLimit: Duration
    ) -> Result<Value, Reason> {
        switch filter {
        case .toInt, .toFloat:
            let number: Double?
            switch value {
            case .number(let n): number = n.doubleValue
            case .string(let s):
                let trimmed = s.trimmingCharacters(in: .whitespaces)
                number =
                    JSONNumber(literal: trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed)?.doubleValue
            default: number = nil
            }
            guard let number, number.isFinite else { return .failure(Reason("not a number")) }
            if filter == .toFloat { return .success(.json(.number(JSONNumber(number)))) }
            guard abs(number) < 9.2e18 else { return .failure(Reason("too large for an integer")) }
            return .success(.json(.number(JSONNumber(Int(number.rounded(.towardZero))))))
        case .count:
            guard let n = PredicateEvaluator.count(of: value) else { return .failure(Reason("not a list or a string")) }
            return .success(.json(.number(JSONNumber(n))))
        case .first, .last, .nth:
            guard case .array(let items) = value else { return .failure(Reason("not a list")) }
            let index: Int
            switch filter {
            case .first: index = 0
            case .last: index = items.count - 1
            case .nth(let i): index = i < 0 ? items.count + i : i
            default: index = 0
            }
            guard items.indices.contains(index) else {
                return .failure(Reason("the list has \(items.count) element\(items.count == 1 ? "" : "s")"))
            }
            return .success(.json(items[index]))
        case .jsonpath(let path):
            guard case .string(let text) = value else { return .failure(Reason("not a string holding JSON")) }
            guard let document = try? JSONValue(parsing: Data(text.utf8)) else {
                return .failure(Reason("not JSON text"))
            }
            guard let query = try? JSONPathQuery(path) else { return .failure(Reason("invalid JSONPath \(path)")) }
            let nodes: [JSONValue]
            do throws(JSONPathRegexStopped) { nodes = try query.values(in: document, regexLimit: regexLimit) } catch {
                return .failure(Reason("\(error.description) (--regex-timeout)"))
            }
            guard let node = nodes.first else { return .failure(Reason("\(path) selected nothing")) }
            return .success(.json(node))
        default:
            guard case .string(let text) = value else { return .failure(Reason("not a string")) }
            return stringStep(filter, text, regexLimit: regexLimit)
        }
    }

    /// Filters that take a string.
    private static func stringStep(_ filter: ValueFilter, _ text: String, regexLimit: Duration) -> Result<Value, Reason>
    {
        func string(_ s: String) -> Result<Value, Reason> { .success(.json(.string(s))) }
        switch filter {
        case .split(let separator):
            return .success(.json(.array(text.components(separatedBy: separator).map(JSONValue.string))))
        case .replace(let pattern, let with):
            guard let regex = try? BoundedRegex(pattern) else { return .failure(Reason("invalid regex")) }
            guard let replaced = regex.replacingMatches(in: text, with: with, limit: regexLimit) else {
                return .failure(Reason(stoppedText(pattern)))
            }
            return string(replaced)
        case .regex(let pattern):
            guard let regex = try? BoundedRegex(pattern) else { return .failure(Reason("invalid regex")) }
            switch regex.firstMatch(in: text, limit: regexLimit) {
            case .noMatch: return .failure(Reason("/\(pattern)/ did not match"))
            case .stopped: return .failure(Reason(stoppedText(pattern)))
            case .matched(let ranges):
                guard let range = ranges[regex.groupCount > 0 ? 1 : 0] else {
                    return .failure(Reason("/\(pattern)/ matched without its group"))
                }
                return string(String(text[range]))
            }
        case .base64Decode:
            var padded = text.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            padded += String(repeating: "=", count: (4 - padded.count % 4) % 4)
            guard let data = Data(base64Encoded: padded) else { return .failure(Reason("not base64")) }
            return .success(.bytes(data))
        case .urlDecode:
            guard let decoded = text.removingPercentEncoding else {
                return .failure(Reason("invalid percent-encoding"))
            }
            return string(decoded)
        case .urlEncode:
            let unreserved = CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
            )
            return string(text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text)
        case .htmlUnescape:
            guard let unescaped = XPathDocument.htmlUnescape(text) else { return .failure(Reason("not HTML text")) }
            return string(unescaped)
        case .toDate(let pattern):
            guard let date = DatePattern(pattern).date(from: text) else {
                return .failure(Reason("not a date in the form \(pattern)"))
            }
            return .success(.date(date))
        case .trim: return string(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case .lowercase: return string(text.lowercased())
        case .uppercase: return string(text.uppercased())
        default: return .failure(Reason("does not apply to a string"))
        }
    }

    /// Text as UTF-8, or bytes as they are.
    private static func bytes(of value: Value) -> Data? {
        switch value {
        case .bytes(let data): data
        case .json(.string(let text)): Data(text.utf8)
        default: nil
        }
    }

    private static func stoppedText(_ pattern: String) -> String {
        "/\(pattern)/ was stopped at the regex time limit (--regex-timeout) without an answer; simplify the pattern"
    }
}
