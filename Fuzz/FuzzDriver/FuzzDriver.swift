import CFuzzerDriver
import Foundation
import Locking

/// The one parser entry of this executable, set by `FuzzDriver.run` before libFuzzer starts. libFuzzer
/// calls back through a C function pointer, which cannot capture it, so it is kept here.
private let parserEntry = LockedValue<ParserEntry?>(nil)

/// The parser in a struct: a bare closure read out of the generic lock came back wrapped in two more
/// reabstraction thunks at every call, until a long fuzzing run spent its time in a chain of them.
private struct ParserEntry: Sendable {
    let parse: @Sendable (Data) -> Void
}

/// The `main` every fuzz target shares. Built with `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DAFRUN_FUZZ`
/// (ci/fuzz.sh) it hands the process to libFuzzer; an ordinary build makes a replayer that feeds each file
/// named on the command line to the parser once, to reproduce a finding under a debugger.
public enum FuzzDriver {
    /// Runs `parse` on every input and exits.
    /// - Parameter parse: reads one input as the target's parser would; it must not crash or hang on any.
    public static func run(_ parse: @escaping @Sendable (Data) -> Void) throws -> Never {
        parserEntry.withLock { $0 = ParserEntry(parse: parse) }
        #if AFRUN_FUZZ
        // libFuzzer reads its flags and corpus folders from argv, and runs the inputs.
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { bytes, size in fuzzOneInput(bytes, size) })
        #else
        for path in CommandLine.arguments.dropFirst() { parse(try Data(contentsOf: URL(fileURLWithPath: path))) }
        exit(0)
        #endif
    }
}

#if AFRUN_FUZZ
/// The input callback libFuzzer's own `main` looks for, when the linker picks that one.
@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let entry = parserEntry.withLock { $0 }
    entry?.parse(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
#endif
