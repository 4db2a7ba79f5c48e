import AFRunner
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
            """
    )

    @Argument(help: "The query, e.g. '$.store.book[?@.price < 10].title'.")
    var expression: String

    @Argument(help: "The JSON document; standard input when omitted or '-'.")
    var file: String?

    @Flag(help: "Print the normalized paths of the selected nodes instead of their values.")
    var paths = false

    func run() throws {
        try ExitStatus.reportingInternalErrors {
            let query: JSONPathQuery
            do throws(JSONPathError) {
                query = try JSONPathQuery(expression)
            } catch {
                let suggestion = JSONPathQuery.bracketedSuggestion(for: expression).map {
                    "\nhint: a member name with `-` goes in brackets: \($0)"
                }
                Self.printError("error: invalid JSONPath query\n" + error.caretDiagnostic + (suggestion ?? ""))
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            let source = file ?? "-"
            let data: Data
            do throws(DocumentArgument.ReadError) {
                data = try DocumentArgument.read(source)
            } catch {
                Self.printError("error: cannot read \(source == "-" ? "standard input" : source): \(error.reason)")
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            // A parsed document, not a tree: only the selected nodes become values.
            let document: JSONDocument
            do throws(JSONParseError) {
                document = try JSONDocument(parsing: data)
            } catch {
                let name = source == "-" ? "<stdin>" : source
                Self.printError("\(name):\(error.line):\(error.column): error: invalid JSON: \(error.message)")
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            let nodes: [JSONPathNode]
            do throws(JSONPathRegexStopped) {
                nodes = try query.evaluate(document, regexLimit: BoundedRegex.defaultLimit)
            } catch {
                Self.printError("error: \(error.description); simplify the pattern")
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            let output: JSONValue = paths ? .array(nodes.map { .string($0.path) }) : .array(nodes.map(\.value))
            print(output.serialized(pretty: true))
        }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
