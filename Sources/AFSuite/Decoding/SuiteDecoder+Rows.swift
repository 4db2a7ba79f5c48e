import Foundation
import JSONPath

extension SuiteDecoder {
    /// `each`: an array of objects, or the path (relative to the suite) of a `.json` file holding
    /// one or of a `.csv` file with a header line. Returns nil after reporting a problem.
    mutating func decodeRows(_ node: SuiteNode) -> [DataRow]? {
        switch node.value {
        case .array:
            let elements = node.elements
            guard !elements.isEmpty else { return invalidData("each", nil, "the array is empty", at: node) }
            var rows: [DataRow] = []
            for (i, element) in elements.enumerated() {
                guard case .object = element.value else {
                    report(
                        .wrongType(key: "each", expected: "an array of objects", found: element.typeDescription),
                        at: element
                    )
                    return nil
                }
                let values = element.members.map { ($0.key, Self.text($0.node.value)) }
                guard let row = dataRow(number: i + 1, values, source: "each", at: element) else { return nil }
                rows.append(row)
            }
            return rows
        case .string(let path):
            return rows(fromFile: path, at: node)
        default:
            report(
                .wrongType(
                    key: "each",
                    expected: "an array of objects or a .json or .csv file path",
                    found: node.typeDescription
                ),
                at: node
            )
            return nil
        }
    }

    private mutating func rows(fromFile path: String, at node: SuiteNode) -> [DataRow]? {
        let url = Suite.resolve(path, in: file.deletingLastPathComponent())
        let kind = url.pathExtension.lowercased()
        guard kind == "csv" || kind == "json" else {
            return invalidData(path, nil, "a data file must end in .json or .csv", at: node)
        }
        if let problem = SuiteFileFinder.notRegularFileProblem(url.path) {
            return invalidData(path, nil, problem, at: node)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            report(.missingFile(path: path, resolved: url.standardizedFileURL.path), at: node)
            return nil
        }
        if kind == "csv" {
            guard let text = String(data: data, encoding: .utf8) else {
                return invalidData(path, nil, "the file is not UTF-8", at: node)
            }
            do throws(CSVReader.Problem) {
                let records = try CSVReader.records(text)
                guard !records.isEmpty else {
                    return invalidData(path, nil, "the file has a header line but no rows", at: node)
                }
                for column in records[0] where !Template.isDefinable(column.name) {
                    return invalidData(path, 1, "column `\(column.name)` is not a variable name", at: node)
                }
                return records.enumerated().map { i, record in
                    DataRow(
                        number: i + 1,
                        values: Dictionary(record.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
                    )
                }
            } catch {
                return invalidData(path, error.line, error.message, at: node)
            }
        }
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue(parsing: data)
        } catch {
            return invalidData(path, error.line, "invalid JSON: \(error.message)", at: node)
        }
        guard case .array(let items) = value, !items.isEmpty else {
            return invalidData(path, nil, "the file must hold a non-empty array of objects", at: node)
        }
        var rows: [DataRow] = []
        for (i, item) in items.enumerated() {
            guard case .object(let object) = item else {
                return invalidData(path, nil, "row \(i + 1) is not an object", at: node)
            }
            let values = object.members.map { ($0.key, Self.text($0.value)) }
            guard let row = dataRow(number: i + 1, values, source: path, at: node) else { return nil }
            rows.append(row)
        }
        return rows
    }

    /// A row whose names are all usable as `{{name}}`.
    private mutating func dataRow(
        number: Int,
        _ values: [(String, String)],
        source: String,
        at node: SuiteNode
    ) -> DataRow? {
        guard !values.isEmpty else { return invalidData(source, nil, "row \(number) has no values", at: node) }
        for (name, _) in values {
            if !Template.isDefinable(name) {
                return invalidData(source, nil, "`\(name)` (row \(number)) is not a variable name", at: node)
            }
        }
        return DataRow(number: number, values: Dictionary(values, uniquingKeysWith: { _, last in last }))
    }

    private mutating func invalidData<T>(_ source: String, _ line: Int?, _ problem: String, at node: SuiteNode) -> T? {
        report(.invalidData(source: source, line: line, problem: problem), at: node)
        return nil
    }

    /// One test per row: the name gets the row's values where it names them (`"get {{id}}"`),
    /// else the row's number (`"get #2"`).
    static func expand(_ test: TestCase, rows: [DataRow]) -> [TestCase] {
        rows.map { row in
            var copy = test
            copy.row = row
            let rendered = (try? Template(test.name).render { row.values[$0] ?? "{{\($0)}}" }) ?? test.name
            copy.name = rendered == test.name ? "\(test.name) #\(row.number)" : rendered
            return copy
        }
    }
}
