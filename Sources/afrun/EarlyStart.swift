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
///
/// `finish()` must be awaited on every way out of the command: libcurl's global set-up initialises OpenSSL,
/// and a process that exits while that set-up still runs on another thread has OpenSSL's exit handler free
/// what the set-up is using (a segmentation fault at exit).
struct EarlyStart: Sendable {
    /// The history, opening in the background, for the first run (each later run of `--repeat` opens its
    /// own); nil when the run is not recorded, when the history must be read before the run starts
    /// (`--rerun-failed`, `--failed-first`, `--shard`, `--junit`), or when a path to load does not exist
    /// (a mistyped path must not leave a new database behind).
    let store: (any HistoryStoring)?
    /// The background work: libcurl's set-up, then the run's identity when a sink receives it.
    private let work: Task<RunInfo?, Never>

    /// Starts the work.
    /// - Parameters:
    ///   - command: the parsed command line.
    ///   - secrets: `--secret` values, hidden in the recorded command line.
    ///   - gitHub: whether the GitHub Actions reporter is on (it receives the identity).
    static func begin(_ command: RunCommand, secrets: [String: String], gitHub: Bool) -> EarlyStart {
        let reports = command.reports
        var store: (any HistoryStoring)?
        if !reports.noHistory && !reports.readsHistory
            && command.paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) })
        {
            // An invalid URL leaves it nil: `RunPlan` opens again and warns.
            store = try? AFHistory.openForRecording(
                reports.databasePath,
                detail: (try? reports.detail) ?? .failures,
                timeout: reports.historyTimeout
            )
        }
        let receivesIdentity =
            !reports.noHistory || reports.junit != nil || reports.reportJSON != nil || reports.html != nil || gitHub
            || command.output.showsProgress
        // On a thread of its own, not the executor's: the host name is a resolver lookup and the git commit may
        // be read from the repository, each able to block for seconds.
        let work = Task.detached { () -> RunInfo? in
            await HistoryThread.run { () -> RunInfo? in
                SessionManager.prepareTransport()
                return receivesIdentity ? RunCommand.runInfo(secrets: secrets) : nil
            }
        }
        return EarlyStart(store: store, work: work)
    }

    /// Waits for the background work to end.
    func finish() async {
        _ = await work.value
    }

    /// A run's identity: a new id and start time each call, the rest worked out once.
    func runInfo(secrets: [String: String]) async -> RunInfo {
        guard var info = await work.value else {
            return await HistoryThread.run { RunCommand.runInfo(secrets: secrets) }
        }
        info.id = UUID().uuidString
        info.startedAt = Date()
        return info
    }
}
