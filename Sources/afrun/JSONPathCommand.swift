import ArgumentParser
import Foundation
import JSONPath

/// `afrun jsonpath EXPR [FILE]`: evaluates an RFC 9535 query against a JSON document.
struct JSONPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonpath",
        abstract: "Evaluate an RFC 9535 JSONPath query against a JSON document.",
        discussion: """
            Prints the selected values as a pretty JSON array, or their normalized paths with \
            --paths. Exits with 2 when the query or the document is invalid.
            """)

    @Argument(help: "The query, e.g. '$.store.book[?@.price < 10].title'.")
    var expression: String

    @Argument(help: "The JSON document; standard input when omitted or '-'.")
    var file: String?

    @Flag(help: "Print the normalized paths of the selected nodes instead of their values.")
    var paths = false

    func run() throws {
        let query: JSONPathQuery
        do {
            query = try JSONPathQuery(expression)
        } catch {
            Self.printError("error: invalid JSONPath query\n" + error.caretDiagnostic)
            throw ExitCode(2)
        }
        let source = file ?? "-"
        let data: Data
        do {
            data = try source == "-" ? FileHandle.standardInput.readToEndSafely() : Data(contentsOf: URL(fileURLWithPath: source))
        } catch {
            Self.printError("error: cannot read \(source == "-" ? "standard input" : source): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            let name = source == "-" ? "<stdin>" : source
            Self.printError("\(name):\(error.line):\(error.column): error: invalid JSON: \(error.message)")
            throw ExitCode(2)
        }
        let nodes = query.evaluate(document)
        let output: JSONValue = paths ? .array(nodes.map { .string($0.path) }) : .array(nodes.map(\.value))
        print(output.serialized(pretty: true))
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

extension FileHandle {
    /// Reads to the end, turning a read failure into a thrown error.
    fileprivate func readToEndSafely() throws -> Data {
        try readToEnd() ?? Data()
    }
}
