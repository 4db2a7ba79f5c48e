import AFSession
import Dispatch
import Foundation
import Locking

/// Turns SIGINT and SIGTERM into a graceful stop: the first signal calls `onSignal` (which says what happens,
/// cancels the transfers in flight and lets the sinks mark the run interrupted); a second one calls
/// `beforeExit` (a last flush of the output) and ends the process at once.
final class SignalTrap: Sendable {
    private let sources: LockedValue<[any DispatchSourceSignal]>
    private let received = FirstSignal()

    /// The first signal received; a class so that the handlers can share it before `init` ends.
    private final class FirstSignal: Sendable {
        let value = LockedValue<Int32?>(nil)
    }

    /// The default actions of SIGINT and SIGTERM switched off, once per process: the signals then reach only the
    /// dispatch sources. Setting `SIG_IGN` again for a later trap (`--repeat`, `--watch`) would replace the
    /// handler libdispatch installed for the first trap's sources, and no later source would hear a signal.
    static let defaultActionsOff: Void = {
        for number in [SIGINT, SIGTERM] { signal(number, SIG_IGN) }
    }()

    init(onSignal: @escaping @Sendable (Int32) -> Void, beforeExit: @escaping @Sendable () -> Void) {
        let received = self.received
        Self.defaultActionsOff
        sources = LockedValue(
            [SIGINT, SIGTERM].map { number in
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    let first = received.value.withLock { current -> Bool in
                        guard current == nil else { return false }
                        current = number
                        return true
                    }
                    guard first else {
                        beforeExit()
                        // `_exit`, not `exit`: transfer threads are still inside libcurl and OpenSSL, and the
                        // exit handlers (OpenSSL's clean-up among them) must not run under them. The history's
                        // committed results are on disk; its next open marks the run interrupted.
                        _exit(128 + number)
                    }
                    onSignal(number)
                }
                source.resume()
                return source
            }
        )
    }

    /// The first signal received, if any.
    var signalReceived: Int32? { received.value.withLock { $0 } }

    /// Stops listening.
    func cancel() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
        }
    }
}
