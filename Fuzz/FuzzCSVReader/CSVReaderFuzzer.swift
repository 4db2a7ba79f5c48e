import AFSuite
import Foundation
import FuzzDriver

// libFuzzer target for the CSV reader of `each` data files, reached as users reach it: a suite
// whose `each` names the input as `data.csv` (ci/fuzz.sh); an ordinary build replays the files
// given on the command line.

let suiteText =
    #"{"name": "s", "baseURL": "http://x", "tests": [{"name": "t {{id}}", "each": "data.csv", "request": {"url": "/{{id}}"}}]}"#

@Sendable func readCSV(_ data: Data) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-fuzz-csv-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let suite = folder.appendingPathComponent("s.json")
    guard (try? Data(suiteText.utf8).write(to: suite)) != nil,
        (try? data.write(to: folder.appendingPathComponent("data.csv"))) != nil
    else { return }
    _ = SuiteLoader(environment: [:]).load(paths: [suite.path]).report()
}

@main enum CSVReaderFuzzer {
    static func main() throws { try FuzzDriver.run(readCSV) }
}
