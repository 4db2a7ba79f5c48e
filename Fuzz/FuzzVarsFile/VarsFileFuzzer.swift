import AFSuite
import Foundation
import FuzzDriver

// libFuzzer target for the `--vars-file` parser (a JSON object or name=value lines), with the
// variable-name check it applies to each name.

@Sendable func parseVarsFile(_ data: Data) {
    _ = try? VariablesFile(data: data, path: "fuzz.vars")
}

@main enum VarsFileFuzzer {
    static func main() throws { try FuzzDriver.run(parseVarsFile) }
}
