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
        // `Data.withUnsafeBytes` only rethrows untyped errors, so the result travels as a `Result`.
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<JSONValue, JSONParseError> in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), recordsLocations: false)
            do throws(JSONParseError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
        }
        self = try result.get()
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
        let result = data.withUnsafeBytes {
            (raw: UnsafeRawBufferPointer) -> Result<(JSONValue, JSONSourceMap), JSONParseError> in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), recordsLocations: true)
            do throws(JSONParseError) {
                let value = try parser.parseDocument()
                return .success((value, parser.map))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a JSON document and keeps a ``JSONSourceIndex``: byte offsets of every value,
    /// resolved to lines and columns only when asked, so it costs far less than
    /// ``parseWithLocations(_:)`` when no location is needed in the end.
    /// - Parameter data: the document's bytes (UTF-8).
    /// - Returns: the value and the index (which also tells whether a member name was repeated).
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public static func parseWithSourceIndex(_ data: Data) throws(JSONParseError) -> (JSONValue, JSONSourceIndex) {
        let result = data.withUnsafeBytes {
            (raw: UnsafeRawBufferPointer) -> Result<(JSONValue, JSONSourceIndex), JSONParseError> in
            var parser = JSONParser(
                bytes: raw.bindMemory(to: UInt8.self),
                recordsLocations: false,
                recordsOffsets: true
            )
            do throws(JSONParseError) {
                let value = try parser.parseDocument()
                parser.sourceIndex.hasDuplicateKeys = parser.sawDuplicateKey
                parser.sourceIndex.finish()
                return .success((value, parser.sourceIndex))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// How deeply arrays and objects may nest before parsing stops with an error (it keeps the
    /// recursive parser far from the thread's stack limit).
    public static let maximumDepth = 512
}
