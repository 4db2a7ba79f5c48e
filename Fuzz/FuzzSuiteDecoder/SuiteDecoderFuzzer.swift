import AFSuite
import CFuzzerDriver
import Foundation

// libFuzzer target for the suite loader (JSON parse, decoding, validation). Built with
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DAFRUN_FUZZ` (ci/fuzz.sh) it runs libFuzzer on the
// loader; an ordinary build makes a replayer that loads each file given on the command line, to
// reproduce a finding under a debugger.

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
/// The input callback libFuzzer's own `main` looks for, when the linker picks that one.
@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    loadSuite(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
#endif

@main enum SuiteDecoderFuzzer {
    static func main() throws {
        #if AFRUN_FUZZ
        // libFuzzer runs the inputs (argv holds its flags and corpus folders).
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { bytes, size in
                loadSuite(bytes.map { Data(bytes: $0, count: size) } ?? Data())
                return 0
            }
        )
        #else
        for path in CommandLine.arguments.dropFirst() { loadSuite(try Data(contentsOf: URL(fileURLWithPath: path))) }
        #endif
    }
}
