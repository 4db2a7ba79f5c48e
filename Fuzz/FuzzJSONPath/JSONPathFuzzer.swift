import Foundation
import FuzzDriver
import JSONPath

// libFuzzer target for the JSONPath parser (and its evaluation on a fixed document) and the JSON
// parser (ci/fuzz.sh); an ordinary build replays the files given on the command line.

let document = (try? JSONValue(parsing: #"{"a": [1, "x", {"b": null, "c": [true, 2.5e3]}], "d": {"e": "f"}}"#)) ?? .null

@Sendable func parseJSONPath(_ data: Data) {
    // The first line is an expression, the rest a document: one input exercises both parsers.
    let text = String(decoding: data, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    if let query = try? JSONPathQuery(String(parts[0])) {
        _ = query.evaluate(document)
        if parts.count > 1, let other = try? JSONValue(parsing: String(parts[1])) { _ = query.evaluate(other) }
    } else if parts.count > 1 {
        _ = try? JSONValue(parsing: String(parts[1]))
    }
}

@main enum JSONPathFuzzer {
    static func main() throws { try FuzzDriver.run(parseJSONPath) }
}
