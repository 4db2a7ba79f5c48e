import Foundation

/// A parsed JSON document kept compact for evaluation: the bytes and one tape of 16-byte entries
/// (two allocations in all, however large the document), as simdjson and yyjson lay documents out.
///
/// JSONPath queries run over the tape (``JSONPathQuery/evaluate(_:)-(JSONDocument)``) and build
/// `JSONValue`s only for the nodes they return; ``root`` builds the whole tree when one is needed.
/// Parsing is the same strict RFC 8259 parser as ``JSONValue/init(parsing:)-(Data)`` (which builds its
/// tree from this tape), with the same errors, numbers and duplicate-member rule.
///
/// ```swift
/// let document = try JSONDocument(parsing: body)
/// let ids = try JSONPathQuery("$.items[*].id").values(in: document)
/// ```
public struct JSONDocument: Sendable {
    /// The document's bytes (strings and numbers are read from them when asked for).
    let bytes: [UInt8]
    /// One entry per value and member name, in document order; entry 0 is the root.
    let tape: [JSONTapeEntry]

    /// Parses a JSON document (RFC 8259), with the rules of ``JSONValue/init(parsing:)-(Data)``.
    /// - Parameter data: the document's bytes (UTF-8).
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing data: Data) throws(JSONParseError) {
        bytes = [UInt8](data)
        tape = try Self.parseTape(bytes)
    }

    /// Parses a JSON document from text.
    /// - Parameter text: the document.
    /// - Throws: ``JSONParseError``.
    public init(parsing text: String) throws(JSONParseError) {
        bytes = Array(text.utf8)
        tape = try Self.parseTape(bytes)
    }

    /// The whole document as a `JSONValue` tree (built on each call: keep it if you need it twice).
    public var root: JSONValue { value(at: 0) }

    /// The document's size in bytes.
    public var byteCount: Int { bytes.count }

    /// Parses `bytes` into a tape.
    static func parseTape(_ bytes: [UInt8]) throws(JSONParseError) -> [JSONTapeEntry] {
        // `withUnsafeBufferPointer` only rethrows untyped errors, so the tape travels as a `Result`.
        let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<[JSONTapeEntry], JSONParseError> in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONParseError) { try parser.parseDocument() } catch { return .failure(error) }
            return .success(parser.tape)
        }
        return try outcome.get()
    }

    /// The value whose entry is at `index`, built from the tape.
    func value(at index: Int) -> JSONValue {
        bytes.withUnsafeBufferPointer { buffer in
            tape.withUnsafeBufferPointer { entries in
                var builder = JSONTreeBuilder(bytes: buffer, tape: entries)
                return builder.value(at: index)
            }
        }
    }

    /// The text of the string entry at `index` (a value or a member name).
    func string(at index: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            tape.withUnsafeBufferPointer { entries in
                JSONTreeBuilder(bytes: buffer, tape: entries).string(entries[index])
            }
        }
    }
}
