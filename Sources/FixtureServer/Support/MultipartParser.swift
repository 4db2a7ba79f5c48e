import Foundation

/// A streaming `multipart/form-data` parser (RFC 7578) that never holds a whole part.
///
/// Feed it the body as it arrives; it reports part boundaries and data slices. It keeps at most the
/// bytes of one delimiter between calls, so a 50 MiB part costs only what its consumer keeps.
struct MultipartParser {
    /// What the parser found.
    enum Event {
        /// A part starts, with its header fields (names lowercased).
        case partBegin(headers: [String: String])
        /// Bytes of the current part's content.
        case partData(ArraySlice<UInt8>)
        /// The current part ended.
        case partEnd
    }

    private enum Phase { case preamble, headers, content, afterDelimiter, epilogue }

    private let delimiter: [UInt8]
    private var pending: [UInt8] = [13, 10]  // lets the first "--boundary" match "\r\n--boundary"
    private var phase = Phase.preamble

    /// Whether the closing delimiter (`--boundary--`) was seen.
    var isComplete: Bool { phase == .epilogue }

    /// Creates a parser for `boundary` (the `boundary` parameter of the Content-Type).
    init(boundary: String) { delimiter = Array("\r\n--\(boundary)".utf8) }

    /// The boundary parameter of a `multipart/form-data` content type, if it is one.
    static func boundary(fromContentType value: String?) -> String? {
        guard let value, value.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in value.split(separator: ";").dropFirst() {
            let trimmed = parameter.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix("boundary=") else { continue }
            var boundary = String(trimmed.dropFirst("boundary=".count))
            if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 {
                boundary = String(boundary.dropFirst().dropLast())
            }
            return boundary
        }
        return nil
    }

    /// Parses the next bytes of the body, calling `emit` for each event.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Event) -> Void) {
        pending.append(contentsOf: bytes)
        var progressed = true
        while progressed { progressed = step(emit) }
    }

    /// Parses the next bytes of the body, calling `emit` for each event.
    mutating func feed(_ bytes: some Collection<UInt8>, _ emit: (Event) -> Void) {
        pending.append(contentsOf: bytes)
        var progressed = true
        while progressed { progressed = step(emit) }
    }

    /// One parsing step; false when more bytes are needed.
    private mutating func step(_ emit: (Event) -> Void) -> Bool {
        switch phase {
        case .epilogue:
            pending.removeAll()
            return false
        case .preamble, .content:
            if let index = find(delimiter, in: pending) {
                if phase == .content {
                    if index > 0 { emit(.partData(pending[0..<index])) }
                    emit(.partEnd)
                }
                pending.removeSubrange(0..<index + delimiter.count)
                phase = .afterDelimiter
                return true
            }
            // Everything except a possible delimiter prefix at the end is content.
            let keep = min(pending.count, delimiter.count - 1)
            let flush = pending.count - keep
            if flush > 0 {
                if phase == .content { emit(.partData(pending[0..<flush])) }
                pending.removeSubrange(0..<flush)
            }
            return false
        case .afterDelimiter:
            guard pending.count >= 2 else { return false }
            if pending[0] == UInt8(ascii: "-"), pending[1] == UInt8(ascii: "-") {
                phase = .epilogue
            } else {
                // Transport padding and CRLF after the delimiter.
                guard let lineEnd = find([13, 10], in: pending) else { return false }
                pending.removeSubrange(0..<lineEnd + 2)
                phase = .headers
            }
            return true
        case .headers:
            guard let end = find([13, 10, 13, 10], in: [13, 10] + pending) else { return false }
            // `end` indexes the prefixed copy: a part with no header fields has its blank line at once.
            let block = end == 0 ? [] : Array(pending[0..<end - 2])
            pending.removeSubrange(0..<end + 2)
            emit(.partBegin(headers: Self.headerFields(block)))
            phase = .content
            return true
        }
    }

    private static func headerFields(_ block: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for line in String(decoding: block, as: UTF8.self).components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The first index of `needle` in `haystack` (memchr for the first byte, then memcmp: fast in debug builds too).
    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count, !needle.isEmpty else { return nil }
        return haystack.withUnsafeBytes { hay -> Int? in
            needle.withUnsafeBytes { pattern -> Int? in
                guard let base = hay.baseAddress, let patternBase = pattern.baseAddress else { return nil }
                var start = 0
                let last = hay.count - pattern.count
                while start <= last {
                    guard let hit = memchr(base + start, Int32(pattern[0]), last - start + 1) else { return nil }
                    let index = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + index, patternBase, pattern.count) == 0 { return index }
                    start = index + 1
                }
                return nil
            }
        }
    }
}

extension MultipartParser {
    /// A parameter of a `Content-Disposition` value, e.g. `name` or `filename`.
    static func dispositionParameter(_ name: String, in disposition: String?) -> String? {
        guard let disposition else { return nil }
        for parameter in disposition.split(separator: ";").dropFirst() {
            let trimmed = parameter.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].lowercased() == name else { continue }
            var value = String(trimmed[trimmed.index(after: equals)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}
