import AFSuite
import ArgumentParser
import Foundation
import JSONPath
import JSONSchema
import Locking

/// `afrun jsonschema SCHEMA [FILE]`: validates a JSON document against a JSON Schema.
struct JSONSchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonschema",
        abstract: "Validate a JSON document against a JSON Schema (draft 2020-12 or draft-07).",
        discussion: """
            Lists every violation (instance location, message, schema location). Exits with 0 when \
            the document is valid, 1 when it is not, 2 when the schema or the document cannot be used \
            (unreadable, not JSON, not a valid schema, an unresolvable $ref). References to other \
            files resolve relative to the schema's file; remote (http, https) references are refused \
            unless --allow-remote-refs is given.
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The schema file.")
    var schema: String

    @Argument(help: "The JSON document; standard input when omitted or '-'.")
    var file: String?

    @Option(help: "Output format: text (one violation a line) or json.")
    var format: OutputFormat = .text

    @Flag(help: "Treat 'format' (date-time, email, uuid, …) as an assertion instead of an annotation.")
    var assertFormat = false

    @Flag(help: "Fetch the http and https documents the schema's $refs name (at most 8 MiB each).")
    var allowRemoteRefs = false

    func run() async throws {
        try await ExitStatus.reportingInternalErrorsAsync {
            let options = JSONSchema.Options(formatAssertion: assertFormat, allowsRemoteReferences: allowRemoteRefs)
            let compiled: JSONSchema
            switch await compile(options: options) {
            case .success(let value): compiled = value
            case .failure(let problems):
                for message in problems.messages { Self.printError("error: " + message) }
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            let source = file ?? "-"
            let name = source == "-" ? "<stdin>" : source
            let data: Data
            do throws(DocumentArgument.ReadError) {
                data = try DocumentArgument.read(source)
            } catch {
                Self.printError("error: cannot read \(source == "-" ? "standard input" : source): \(error.reason)")
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            let document: JSONValue
            do throws(JSONParseError) {
                document = try JSONValue(parsing: data)
            } catch {
                Self.printError("\(name):\(error.line):\(error.column): error: invalid JSON: \(error.message)")
                throw ExitCode(ExitStatus.notLoadedOrWritten)
            }
            let result = compiled.validate(document)
            switch format {
            case .json:
                let output = JSONValue.object(
                    JSONObject([
                        ("valid", .bool(result.isValid)),
                        ("errors", .array(result.violations.map(\.json))),
                        ("truncated", .bool(result.truncated)),
                    ])
                )
                print(output.serialized(pretty: true))
            case .text:
                if result.isValid { print("\(name): valid") }
                for violation in result.violations { print("\(name)#\(violation)") }
                if result.truncated { print("\(name): more violations not shown (limit \(options.maxViolations))") }
            }
            if !result.isValid { throw ExitCode(1) }
        }
    }

    /// The schema compiled, with the remote documents it needs fetched first when they are allowed.
    private func compile(options: JSONSchema.Options) async -> Result<JSONSchema, SchemaFileLoader.SchemaProblems> {
        guard allowRemoteRefs else { return SchemaFileLoader.compile(path: schema, options: options) }
        var remote = RemoteDocuments()
        var rounds = 0
        while true {
            let asked = LockedValue<Set<String>>([])
            let result = SchemaFileLoader.compile(
                path: schema,
                options: options,
                loader: remote.loader(recordingIn: asked)
            )
            let wanted = asked.withLock { $0 }.filter { !remote.knows($0) }
            rounds += 1
            if wanted.isEmpty || rounds > RemoteSchemaFetcher.maxRounds { return result }
            remote = await RemoteSchemaFetcher.fetch(wanted, into: remote)
        }
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
