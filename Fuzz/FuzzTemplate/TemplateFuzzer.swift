import AFSuite
import Foundation
import FuzzDriver

// libFuzzer target for the `{{variable}}` template parser and renderer (ci/fuzz.sh); an ordinary
// build replays the files given on the command line.

@Sendable func parseTemplate(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    guard let template = try? Template(text) else { return }
    _ = try? template.render { $0.count.isMultiple(of: 2) ? $0 : nil }
}

@main enum TemplateFuzzer {
    static func main() throws { try FuzzDriver.run(parseTemplate) }
}
