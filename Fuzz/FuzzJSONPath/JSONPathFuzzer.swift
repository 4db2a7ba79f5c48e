import CFuzzerDriver
import Foundation
import JSONPath

// libFuzzer target for the JSONPath parser (and its evaluation on a fixed document) and the JSON
// parser (ci/fuzz.sh); an ordinary build replays the files given on the command line.

let document = (try? JSONValue(parsing: #"{"a": [1, "x", {"b": null, "c": [true, 2.5e3]}], "d": {"e": "f"}}"#)) ?? .null

func parseJSONPath(_ data: Data) {
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

#if AFRUN_FUZZ
/// The input callback libFuzzer's own `main` looks for, when the linker picks that one.
@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    parseJSONPath(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
#endif

@main enum JSONPathFuzzer {
    static func main() throws {
        #if AFRUN_FUZZ
        // libFuzzer runs the inputs (argv holds its flags and corpus folders).
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { bytes, size in
                parseJSONPath(bytes.map { Data(bytes: $0, count: size) } ?? Data())
                return 0
            }
        )
        #else
        for path in CommandLine.arguments.dropFirst() {
            parseJSONPath(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #endif
    }
}
