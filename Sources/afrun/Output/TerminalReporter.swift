import AFRunner
import AFSession
import AFSuite
import Foundation
import Locking

/// The terminal's live view of a run, as a `ResultSink`: on a terminal a progress bar on standard
/// error with failures printed above it as they happen; otherwise one line per finished test.
final class TerminalReporter: ResultSink {
    private struct State {
        var done = 0
        var failed = 0
        var lastDraw = ContinuousClock.now - .seconds(1)
    }
    private let console: Console
    private let style: Style
    private let progress: Bool
    private let quiet: Bool
    private let total: Int
    /// With `-vv`, each result's request and response under its line.
    private let trace: TracePrinter?
    private let state = LockedValue(State())

    init(console: Console, style: Style, progress: Bool, quiet: Bool, total: Int, trace: TracePrinter? = nil) {
        self.console = console
        self.style = style
        self.progress = progress
        self.quiet = quiet
        self.total = total
        self.trace = trace
    }

    func runDidStart(_ run: RunInfo) async throws {
        if progress { draw(force: true) }
    }

    func record(_ result: TestResult, in run: RunInfo) async throws {
        note(result)
    }

    /// Counts and prints one result; safe from several tasks at once (state and console are locked).
    func note(_ result: TestResult) {
        let isFailure = result.status == .failed || result.status == .error
        state.withLock {
            $0.done += 1
            if isFailure { $0.failed += 1 }
        }
        if let trace, !Self.isInterruption(result) {
            // One write per result: traces of tests that finish together are not interleaved.
            if progress { console.errRaw("\r\u{1B}[K") }
            console.out(line(for: result) + (trace.text(for: result).map { "\n" + $0 } ?? ""))
            if progress { draw(force: true) }
        } else if progress {
            if isFailure {
                console.errRaw("\r\u{1B}[K")
                console.out(line(for: result))
            }
            draw(force: isFailure)
        } else if !quiet && !Self.isInterruption(result) {
            // With -q a failure is printed once, in the failure list after the run.
            console.out(line(for: result))
        }
    }

    /// Whether `result` is a test an interruption kept from running: the summary counts those, one line each
    /// would bury the failures.
    private static func isInterruption(_ result: TestResult) -> Bool {
        result.status == .skipped && (result.skipReason?.hasPrefix("interrupted") ?? false)
    }

    func runDidFinish(_ run: RunInfo, summary: RunSummary, status: RunStatus) async throws {
        if progress { console.errRaw("\r\u{1B}[K") }
    }

    /// `PASS  suite/test  12ms`.
    func line(for result: TestResult) -> String {
        let word: String
        switch result.status {
        case .passed: word = "PASS"
        case .failed: word = "FAIL"
        case .error: word = "ERROR"
        case .skipped: word = "SKIP"
        }
        // Names come from suites: shown with their control characters escaped.
        var text = "\(style.status(word)) \(TerminalText.visible(result.identity.description))"
        if result.status == .skipped {
            text += style.dim(result.skipReason.map { " (\(TerminalText.visible($0)))" } ?? "")
        } else {
            text += style.dim(" \(Format.ms(result.durationMs))")
            if result.attempts > 1 { text += style.dim(" after \(result.attempts) attempts") }
        }
        return text
    }

    private func draw(force: Bool) {
        let snapshot = state.withLock { s -> State? in
            let now = ContinuousClock.now
            // Redraw at most 20 times a second: thousands of results must not flood the terminal.
            guard force || now - s.lastDraw > .milliseconds(50) || s.done == total else { return nil }
            s.lastDraw = now
            return s
        }
        guard let s = snapshot else { return }
        let width = 30
        let filled = total == 0 ? width : min(width, s.done * width / max(total, 1))
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let failed = s.failed > 0 ? "  " + style.red("\(s.failed) failed") : ""
        console.errRaw("\r\u{1B}[K[\(bar)] \(s.done)/\(total)\(failed)")
    }
}

/// Number formatting shared by the outputs.
enum Format {
    /// `12ms`, `1.23s`.
    static func ms(_ ms: Double) -> String {
        ms >= 1_000
            ? FixedDecimal.text(ms / 1_000, digits: 2) + "s"
            : (ms >= 10 ? "\(Int(ms.rounded()))ms" : FixedDecimal.text(ms, digits: 1) + "ms")
    }
}
