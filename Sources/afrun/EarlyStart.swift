import AFHistory
import AFReports
import AFRunner
import AFSession
import Foundation
import Locking

/// The part of `afrun run`'s set-up that does not depend on the suites, started before they load:
/// libcurl's global set-up, the history's open (folders, WAL, schema check, runs left interrupted) and
/// the run's identity (command line, git checkout, host name). Begun first, it runs on the machine's
/// other cores while the suites are decoded, instead of between loading and the first request.
struct EarlyStart: Sendable {
    /// The history, opening in the background, for the first run (each later run of `--repeat` opens its
    /// own); nil when the run is not recorded, when the history must be read before the run starts
    /// (`--rerun-failed`, `--failed-first`, `--shard`, `--junit`), or when a path to load does not exist
    /// (a mistyped path must not leave a new database behind).
    let store: HistoryStore?
    /// The run's identity, worked out on another thread; nil when no sink receives it.
    private let identity: Task<RunInfo, Never>?

    /// Starts the work.
    /// - Parameters:
    ///   - settings: the run's settings.
    ///   - secrets: `--secret` values, hidden in the recorded command line.
    ///   - gitHub: whether the GitHub Actions reporter is on (it receives the identity).
    static func begin(_ settings: RunSettings, secrets: [String: String], gitHub: Bool) -> EarlyStart {
        let reports = settings.reports
        var store: HistoryStore?
        if !reports.noHistory && !reports.needsHistory && settings.paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
            store = HistoryStore.openInBackground(path: reports.databasePath, detail: (try? reports.detail) ?? .failures)
        }
        let receivesIdentity = !reports.noHistory || reports.junit != nil || reports.reportJSON != nil || gitHub
            || settings.output.showsProgress
        guard receivesIdentity else {
            let transport = Task.detached { SessionManager.prepareTransport() }
            unfinished.withLock { $0.append { await transport.value } }
            return EarlyStart(store: store, identity: nil)
        }
        let identity = Task.detached { () -> RunInfo in
            SessionManager.prepareTransport()
            return RunCommand.runInfo(secrets: secrets)
        }
        unfinished.withLock { $0.append { _ = await identity.value } }
        return EarlyStart(store: store, identity: identity)
    }

    /// The background work `begin` started, each as a wait for its end.
    private static let unfinished = LockedValue<[@Sendable () async -> Void]>([])

    /// Waits for the background work every `begin` started. Called before the process exits: libcurl's
    /// global set-up initialises OpenSSL, and `exit` running OpenSSL's clean-up while that set-up is still
    /// under way on another thread crashes the process (a run that stops early, on a suite that cannot be
    /// loaded, exited with a segmentation fault about once in seventy).
    static func settle() async {
        for wait in unfinished.withLock({ $0 }) { await wait() }
    }

    /// A run's identity: a new id and start time each call, the rest worked out once.
    func runInfo(secrets: [String: String]) async -> RunInfo {
        guard let identity else { return RunCommand.runInfo(secrets: secrets) }
        var info = await identity.value
        info.id = UUID().uuidString
        info.startedAt = Date()
        return info
    }
}
