import AFHistory
import AFSuite
import Foundation

/// Prints rows as an aligned table or CSV, and values as JSON.
enum HistoryOutput {
    /// The JSON encoder of every history command: pretty, sorted keys, ISO 8601 dates.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Columns padded to their widest cell, two spaces apart.
    static func table(headers: [String], rows: [[String]]) -> String {
        // Cells hold test names and messages from suites and responses: control characters escaped.
        let rows = rows.map { $0.map { TerminalText.visible($0) } }
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ")
            .replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }

    /// RFC 4180 CSV with a header line.
    static func csv(headers: [String], rows: [[String]]) -> String {
        func quote(_ cell: String) -> String {
            cell.contains(where: { ",\"\n\r".contains($0) })
                ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }
        return ([headers] + rows).map { $0.map(quote).joined(separator: ",") }.joined(separator: "\n")
    }

    /// Prints in the chosen format: rows for table/CSV, `value` for JSON.
    static func emit<T: Encodable>(_ format: OutputFormat, headers: [String], rows: [[String]], json value: T) throws {
        switch format {
        case .json: print(try json(value))
        case .csv: print(csv(headers: headers, rows: rows))
        case .table: print(rows.isEmpty ? "(nothing)" : table(headers: headers, rows: rows))
        }
    }

    /// Prints what a command did (`push`, `prune`, `merge`): `sentences` for the table format, which a person
    /// reads, and the machine-readable `rows` (CSV) or `value` (JSON) otherwise.
    static func emit<T: Encodable>(
        _ format: OutputFormat,
        sentences: [String],
        headers: [String],
        rows: [[String]],
        json value: T
    ) throws {
        guard format == .table else { return try emit(format, headers: headers, rows: rows, json: value) }
        for sentence in sentences { print(sentence) }
    }

    /// `1 run`, `2 runs`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// A result's messages column: its failure messages, or why it was skipped.
    static func messages(of result: ResultRecord) -> String {
        if result.status == .skipped, let reason = result.skipReason { return "skipped: \(reason)" }
        return result.failureMessages.joined(separator: "; ")
    }

    /// A run's test count: the results it recorded, and for a run that did not complete (`interrupted`,
    /// `incomplete`, still `running`) with fewer than it planned, `7 of 10`: how much of it is missing.
    static func tests(of run: RunRecord) -> String {
        guard run.status != .complete, let planned = run.plannedTests, planned != run.total else {
            return "\(run.total)"
        }
        return "\(run.total) of \(planned)"
    }

    static func ms(_ value: Double?) -> String {
        value.map { String(format: "%.1f", $0) } ?? ""
    }

    static func date(_ value: Date?) -> String {
        guard let value else { return "" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: value)
    }

    /// An inline sparkline of the values, low to high in eight steps.
    static func sparkline(_ values: [Double]) -> String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(
            values.map { value in
                span <= 0
                    ? blocks[0]
                    : blocks[min(blocks.count - 1, Int((value - low) / span * Double(blocks.count - 1) + 0.5))]
            }
        )
    }
}
