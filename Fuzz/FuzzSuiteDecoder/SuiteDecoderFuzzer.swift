import AFSuite
import Foundation

// libFuzzer target for the suite loader (JSON parse, decoding, validation): built with
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DAFRUN_FUZZ` (ci/fuzz.sh); an ordinary build makes a
// replayer that loads each file given on the command line, to reproduce a finding under a debugger.

/// Loads `data` as a suite file through the public loader (a file in a private folder, since the
/// loader reads paths).
func loadSuite(_ data: Data) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-fuzz-suite-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("input.json")
    guard (try? data.write(to: file)) != nil else { return }
    let result = SuiteLoader(environment: [:]).load(paths: [file.path])
    // Rendering reads the file again for the excerpt: part of what a user sees.
    _ = result.report()
}

#if AFRUN_FUZZ
    @c(LLVMFuzzerTestOneInput)
    public func fuzzSuiteDecoder(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        loadSuite(bytes.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    }
#else
    @main enum SuiteDecoderReplay {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() { loadSuite(try Data(contentsOf: URL(fileURLWithPath: path))) }
        }
    }
#endif
