import AFSuite
import CFuzzerDriver
import Foundation

// libFuzzer target for the `{{variable}}` template parser and renderer (ci/fuzz.sh); an ordinary
// build replays the files given on the command line.

func parseTemplate(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    guard let template = try? Template(text) else { return }
    _ = try? template.render { $0.count.isMultiple(of: 2) ? $0 : nil }
}

#if AFRUN_FUZZ
/// The input callback libFuzzer's own `main` looks for, when the linker picks that one.
@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    parseTemplate(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
#endif

@main enum TemplateFuzzer {
    static func main() throws {
        #if AFRUN_FUZZ
        // libFuzzer runs the inputs (argv holds its flags and corpus folders).
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { bytes, size in
                parseTemplate(bytes.map { Data(bytes: $0, count: size) } ?? Data())
                return 0
            }
        )
        #else
        for path in CommandLine.arguments.dropFirst() {
            parseTemplate(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #endif
    }
}
