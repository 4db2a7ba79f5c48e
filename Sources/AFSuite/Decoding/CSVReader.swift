/// Reads a CSV file as RFC 4180 writes it: a header line of column names, then one record per
/// line; fields separated by commas, a field in double quotes may hold commas, line breaks and
/// `""` for a quote. CRLF or LF line ends, a leading byte order mark and a last empty line are
/// accepted. A quote anywhere else (inside an unquoted field, or text after a closing quote) is an
/// error rather than a guess. Every value is text.
struct CSVReader {
    /// A problem with the line it is on (1-based).
    struct Problem: Error, Equatable {
        var line: Int
        var message: String
    }

    /// The records as (column, value) pairs in column order.
    /// - Throws: `Problem` for an unclosed quote, a record whose field count differs from the
    ///   header's, an empty or repeated column name, a stray quote.
    static func records(_ text: String) throws(Problem) -> [[(name: String, value: String)]] {
        var rows = try lines(text)
        guard !rows.isEmpty else {
            throw Problem(line: 1, message: "the file is empty; the first line names the columns")
        }
        let header = rows.removeFirst()
        var seen: Set<String> = []
        for name in header.fields {
            let trimmed = name.trimmingWhitespace()
            if trimmed.isEmpty { throw Problem(line: header.line, message: "a column of the header line has no name") }
            if !seen.insert(trimmed).inserted {
                throw Problem(line: header.line, message: "column `\(trimmed)` is named twice")
            }
        }
        let names = header.fields.map { $0.trimmingWhitespace() }
        return try rows.map { (row) throws(Problem) in
            guard row.fields.count == names.count else {
                throw Problem(line: row.line, message: "\(row.fields.count) fields where the header has \(names.count)")
            }
            return Array(zip(names, row.fields)).map { (name: $0.0, value: $0.1) }
        }
    }

    /// The records' fields with the line each record starts on; blank lines are skipped.
    private static func lines(_ text: String) throws(Problem) -> [(line: Int, fields: [String])] {
        var out: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var closed = false
        var line = 1
        var recordLine = 1
        var chars = Array(text)  // Characters: CRLF is one
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) { out.append((recordLine, fields)) }
            fields = []
            field = ""
            wasQuoted = false
            closed = false
        }
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" {
                        field.append("\"")
                        i += 1
                    } else {
                        quoted = false
                        closed = true
                    }
                } else {
                    if c == "\n" || c == "\r\n" || c == "\r" { line += 1 }
                    field.append(c)
                }
            } else if c == "," {
                fields.append(field)
                field = ""
                closed = false
            } else if c == "\n" || c == "\r\n" || c == "\r" {
                endRecord()
                line += 1
                recordLine = line
            } else if closed {
                throw Problem(
                    line: line,
                    message: "text after the closing quote of a field; a quoted field ends at the comma or the line end"
                )
            } else if c == "\"" {
                guard field.isEmpty else {
                    throw Problem(
                        line: line,
                        message: "a quote inside an unquoted field; quote the whole field and write a quote as \"\""
                    )
                }
                quoted = true
                wasQuoted = true
            } else {
                field.append(c)
            }
            i += 1
        }
        if quoted { throw Problem(line: recordLine, message: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return out
    }
}
