/// A session's transfer loops: one by default, more when `SessionConfiguration.transferThreads` asks.
///
/// Each loop is a thread with its own multi handle, connection cache and share of the connection limits.
/// A new task goes to the least busy loop, the first on a tie: one request at a time always uses the first
/// loop and its warm connections; a large parallel run spreads over all of them.
final class TransferLoopGroup: Sendable {
    /// The loops, at least one.
    let loops: [TransferLoop]

    /// Starts `count` loops (at least one) that share `limits`: each gets its part of the total and of the
    /// per-host connection limits, rounded up.
    init(count: Int, limits: TransferLoop.Limits) {
        let count = max(1, count)
        var share = limits
        share.maxConnections = (limits.maxConnections + count - 1) / count
        share.maxConnectionsPerHost = (limits.maxConnectionsPerHost + count - 1) / count
        loops = (0..<count).map { index in
            TransferLoop(limits: share, name: count == 1 ? "afrun.transfer-loop" : "afrun.transfer-\(index)")
        }
    }

    /// The loop a new task runs on.
    func pick() -> TransferLoop {
        guard loops.count > 1 else { return loops[0] }
        var best = loops[0]
        var bestLoad = best.load
        for loop in loops.dropFirst() where bestLoad > 0 {
            let load = loop.load
            if load < bestLoad {
                best = loop
                bestLoad = load
            }
        }
        return best
    }

    /// Asks every loop to stop without waiting.
    func requestShutdown() {
        for loop in loops { loop.requestShutdown() }
    }

    /// Asks every loop to stop and waits until each thread released its libcurl handles.
    func shutdown() async {
        for loop in loops { loop.requestShutdown() }
        for loop in loops { await loop.shutdown() }
    }
}
