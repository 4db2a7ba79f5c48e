import AFSuite
import Foundation

// libFuzzer target for the `{{variable}}` template parser and renderer (ci/fuzz.sh); an ordinary
// build replays the files given on the command line.

func parseTemplate(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    guard let template = try? Template(text) else { return }
    _ = try? template.render { $0.count.isMultiple(of: 2) ? $0 : nil }
}

#if AFRUN_FUZZ
    @c(LLVMFuzzerTestOneInput)
    public func fuzzTemplate(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        parseTemplate(bytes.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    }
#else
    @main enum TemplateReplay {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() { parseTemplate(try Data(contentsOf: URL(fileURLWithPath: path))) }
        }
    }
#endif
