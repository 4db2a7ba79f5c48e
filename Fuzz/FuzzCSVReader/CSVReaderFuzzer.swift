import AFSuite
import CFuzzerDriver
import Foundation

// libFuzzer target for the CSV reader of `each` data files, reached as users reach it: a suite
// whose `each` names the input as `data.csv` (ci/fuzz.sh); an ordinary build replays the files
// given on the command line.

let suiteText =
    #"{"name": "s", "baseURL": "http://x", "tests": [{"name": "t {{id}}", "each": "data.csv", "request": {"url": "/{{id}}"}}]}"#

func readCSV(_ data: Data) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-fuzz-csv-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let suite = folder.appendingPathComponent("s.json")
    guard (try? Data(suiteText.utf8).write(to: suite)) != nil,
        (try? data.write(to: folder.appendingPathComponent("data.csv"))) != nil
    else { return }
    _ = SuiteLoader(environment: [:]).load(paths: [suite.path]).report()
}

#if AFRUN_FUZZ
/// The input callback libFuzzer's own `main` looks for, when the linker picks that one.
@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    readCSV(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
#endif

@main enum CSVReaderFuzzer {
    static func main() throws {
        #if AFRUN_FUZZ
        // libFuzzer runs the inputs (argv holds its flags and corpus folders).
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { bytes, size in
                readCSV(bytes.map { Data(bytes: $0, count: size) } ?? Data())
                return 0
            }
        )
        #else
        for path in CommandLine.arguments.dropFirst() { readCSV(try Data(contentsOf: URL(fileURLWithPath: path))) }
        #endif
    }
}
