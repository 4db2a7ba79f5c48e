import Foundation
import JSONPath

/// RFC 6901 JSON Pointer helpers for instance and keyword locations.
enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Unescapes one reference token.
    static func unescape(_ token: Substring) -> String {
        guard token.contains("~") else { return String(token) }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The value a pointer designates in `root`, or nil.
    static func resolve(_ pointer: String, in root: JSONValue) -> JSONValue? {
        guard !pointer.isEmpty else { return root }
        guard pointer.hasPrefix("/") else { return nil }
        var current = root
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = unescape(raw)
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(token), index >= 0, index < array.count else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Decodes `%XX` escapes in a URI fragment (UTF-8).
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
