import Foundation

extension JSONValue {
    /// Parses a JSON document (RFC 8259).
    ///
    /// Strict: trailing commas, leading zeros, comments, unescaped control characters, invalid
    /// UTF-8 and unpaired surrogate escapes (`"\uD800"`) are rejected; a leading UTF-8 byte order
    /// mark is skipped. Nesting deeper than ``JSONValue/maximumDepth`` is rejected. A duplicate
    /// member name keeps the first position and the last value.
    /// - Parameter data: the document's bytes (UTF-8).
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing data: Data) throws(JSONParseError) {
        self = try Self.build(data) { builder in builder.value(at: 0) }
    }

    /// Parses a JSON document from text.
    /// - Parameter text: the document.
    /// - Throws: ``JSONParseError``.
    public init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// Parses a JSON document and records the source location of every value and member name.
    /// - Parameter data: the document's bytes (UTF-8).
    /// - Returns: the value and a map from RFC 6901 pointers to locations.
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public static func parseWithLocations(_ data: Data) throws(JSONParseError) -> (JSONValue, JSONSourceMap) {
        try build(data) { builder in
            builder.sourceMap = JSONSourceMap()
            let value = builder.value(at: 0)
            return (value, builder.sourceMap!)
        }
    }

    /// Parses a JSON document and keeps a ``JSONSourceIndex``: byte offsets of every value,
    /// resolved to lines and columns only when asked, so it costs far less than
    /// ``parseWithLocations(_:)`` when no location is needed in the end.
    /// - Parameter data: the document's bytes (UTF-8).
    /// - Returns: the value and the index (which also tells whether a member name was repeated).
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public static func parseWithSourceIndex(_ data: Data) throws(JSONParseError) -> (JSONValue, JSONSourceIndex) {
        try parseWithSourceIndex([UInt8](data))
    }

    /// Parses a JSON document held as bytes and keeps a ``JSONSourceIndex`` that shares them (no copy of the
    /// document: a caller that reads a large file as bytes holds it once).
    /// - Parameter bytes: the document (UTF-8).
    /// - Returns: the value and the index.
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public static func parseWithSourceIndex(_ bytes: [UInt8]) throws(JSONParseError) -> (JSONValue, JSONSourceIndex) {
        let tape = try JSONDocument.parseTape(bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            JSONTreeBuilder.indexedTree(of: tape, in: buffer, document: bytes)
        }
    }

    /// Parses `data` into a tape and hands a builder over it to `body`.
    private static func build<Result>(
        _ data: Data,
        _ body: (inout JSONTreeBuilder) -> Result
    ) throws(JSONParseError) -> Result {
        // `Data.withUnsafeBytes` only rethrows untyped errors, so the tape travels as a `Swift.Result`.
        let outcome = data.withUnsafeBytes { raw -> Swift.Result<Result, JSONParseError> in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch JSONDocument.parseTape(bytes) {
            case .success(let tape):
                return .success(
                    tape.withUnsafeBufferPointer { entries in
                        var builder = JSONTreeBuilder(bytes: bytes, tape: entries)
                        return body(&builder)
                    }
                )
            case .failure(let error): return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// How deeply arrays and objects may nest before parsing stops with an error (it keeps the
    /// recursive parser far from the thread's stack limit).
    public static let maximumDepth = 512
}
