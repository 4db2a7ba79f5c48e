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
    /// The document's bytes as they were handed in (no copy: a response body is parsed where it lies;
    /// strings and numbers are read from them when asked for).
    let bytes: Data
    /// One entry per value and member name, in document order; entry 0 is the root.
    let tape: JSONTapeBuffer

    /// Parses a JSON document (RFC 8259), with the rules of ``JSONValue/init(parsing:)-(Data)``.
    /// - Parameter data: the document's bytes (UTF-8).
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing data: Data) throws(JSONParseError) {
        bytes = data
        // `withUnsafeBytes` only rethrows untyped errors, so the tape travels as a `Result`.
        let outcome = data.withUnsafeBytes { raw in Self.parseTape(raw.bindMemory(to: UInt8.self)) }
        tape = try outcome.get()
    }

    /// Parses a JSON document from text.
    /// - Parameter text: the document.
    /// - Throws: ``JSONParseError``.
    public init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// The whole document as a `JSONValue` tree (built on each call: keep it if you need it twice).
    public var root: JSONValue { value(at: 0) }

    /// The document's size in bytes.
    public var byteCount: Int { bytes.count }

    /// Parses `bytes` into a tape.
    static func parseTape(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<JSONTapeBuffer, JSONParseError> {
        var parser = JSONParser(bytes: bytes)
        do throws(JSONParseError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
    }

    /// Parses `bytes` into a tape.
    static func parseTape(_ bytes: [UInt8]) throws(JSONParseError) -> JSONTapeBuffer {
        try bytes.withUnsafeBufferPointer { buffer in parseTape(buffer) }.get()
    }

    /// Calls `body` with the document's bytes and its tape.
    func withBuffers<R>(
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<JSONTapeEntry>) -> R
    ) -> R {
        bytes.withUnsafeBytes { raw in
            tape.withUnsafeBufferPointer { entries in body(raw.bindMemory(to: UInt8.self), entries) }
        }
    }

    /// The value whose entry is at `index`, built from the tape.
    func value(at index: Int) -> JSONValue {
        withBuffers { bytes, entries in
            var builder = JSONTreeBuilder(bytes: bytes, tape: entries)
            return builder.value(at: index)
        }
    }

    /// The text of the string entry at `index` (a value or a member name).
    func string(at index: Int) -> String {
        withBuffers { bytes, entries in JSONTreeBuilder(bytes: bytes, tape: entries).string(entries[index]) }
    }
}
