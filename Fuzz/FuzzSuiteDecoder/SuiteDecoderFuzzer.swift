import AFSuite
import Foundation
import FuzzDriver

// libFuzzer target for the suite loader (JSON parse, decoding, validation). Built with
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DAFRUN_FUZZ` (ci/fuzz.sh) it runs libFuzzer on the
// loader; an ordinary build makes a replayer that loads each file given on the command line, to
// reproduce a finding under a debugger.

/// Loads `data` as a suite file through the public loader (a file in a private folder, since the
/// loader reads paths).
@Sendable func loadSuite(_ data: Data) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-fuzz-suite-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("input.json")
    guard (try? data.write(to: file)) != nil else { return }
    let result = SuiteLoader(environment: [:]).load(paths: [file.path])
    // Rendering reads the file again for the excerpt: part of what a user sees.
    _ = result.report()
}

@main enum SuiteDecoderFuzzer {
    static func main() throws { try FuzzDriver.run(loadSuite) }
}
