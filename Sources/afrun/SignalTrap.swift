import Dispatch
import Foundation
import AFSession
import Locking

/// Turns SIGINT and SIGTERM into a graceful stop: the first signal calls `onSignal` (the runner
/// stops scheduling, sinks finish their writes, the run is marked interrupted); a second one
/// exits at once.
final class SignalTrap: Sendable {
    private let sources: LockedValue<[any DispatchSourceSignal]>
    private let received = FirstSignal()

    /// The first signal received; a class so that the handlers can share it before `init` ends.
    private final class FirstSignal: Sendable {
        let value = LockedValue<Int32?>(nil)
    }

    init(onSignal: @escaping @Sendable (Int32) -> Void) {
        let received = self.received
        sources = LockedValue([SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let first = received.value.withLock { current -> Bool in
                    guard current == nil else { return false }
                    current = number
                    return true
                }
                if first { onSignal(number) } else { Foundation.exit(128 + number) }
            }
            source.resume()
            return source
        })
    }

    /// The first signal received, if any.
    var signalReceived: Int32? { received.value.withLock { $0 } }

    /// Stops listening.
    func cancel() { sources.withLock { $0.forEach { $0.cancel() } } }
}
