/// Why a history operation failed. Messages name the database and the fix.
public enum HistoryError: Error, Sendable, CustomStringConvertible {
    /// The database could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// A PostgreSQL history's server could not be reached, refused the user or password, has no such
    /// database, or did not answer in time (`server` has its password masked).
    case serverUnavailable(server: String, reason: String)
    /// The file is not an afrun history: not an SQLite database, or one with tables of its own.
    case notAHistory(path: String)
    /// Another process held the database's write lock for `seconds` (the busy timeout) while this one
    /// waited to open or write it.
    case locked(path: String, seconds: Int)
    /// The file is an SQLite database whose pages are damaged (truncated, overwritten): SQLite's `reason`.
    case damaged(path: String, reason: String)
    /// A run could not store all its results (a full disk, an I/O error): `stored` of its `total` were kept,
    /// and the run was marked `incomplete` when `marked` (else the next open marks it `interrupted`).
    case incomplete(path: String, stored: Int, total: Int, reason: String, marked: Bool)
    /// The schema could not be brought up to date.
    case migrationFailed(path: String, reason: String)
    /// A newer afrun has migrated the database past what this one knows (`migrations` are the
    /// unknown ones): reading or recording could misread or damage it.
    case newerSchema(path: String, migrations: [String])
    /// A read or write failed.
    case database(operation: String, reason: String)
    /// No run matches the given id, prefix or name.
    case runNotFound(String)
    /// No run has this run group (`compare --by-group`), or the history holds too few groups for `previous`.
    case runGroupNotFound(String)
    /// An id prefix matches more than one run.
    case ambiguousRun(String, candidates: [String])
    /// No test matches the given name; `similar` are stored `suite/test` names it may have meant.
    case testNotFound(String, similar: [String] = [])
    /// An argument is out of range.
    case invalidArgument(String)

    /// A sentence naming the place and the fix.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open the history database '\(path)': \(reason); check the folder is writable or pass --db FILE"
        case .serverUnavailable(let server, let reason):
            "cannot reach the shared history '\(server)': \(reason); check the host, port, user, password and"
                + " database in --db or AFRUN_DB"
        case .notAHistory(let path):
            "'\(path)' is not an afrun history (not an SQLite database, or one with tables of its own);"
                + " pass --db FILE to name another file, or remove it to start a new history"
        case .locked(let path, let seconds):
            "'\(path)' stayed locked by another process writing to it for \(seconds) s (an `afrun history prune`"
                + " or `merge`, or an open sqlite3 transaction); try again once it ends, or pass --db FILE"
        case .damaged(let path, let reason):
            "'\(path)' is damaged (\(reason)); restore it from a copy, or pass --db FILE (or remove the file) to"
                + " start a new history"
        case .incomplete(let path, let stored, let total, let reason, let marked):
            "the run could not be fully recorded in '\(path)': \(reason); \(stored) of \(total) results stored"
                + (marked ? ", run marked incomplete" : "")
                + "; free disk space or make the file writable, or pass --db FILE elsewhere"
        case .migrationFailed(let path, let reason):
            "cannot update the schema of '\(path)': \(reason); pass --db FILE to use another file"
        case .newerSchema(let path, let migrations):
            "'\(path)' was written by a newer afrun (schema \(migrations.joined(separator: ", ")), unknown to this one);"
                + " upgrade this afrun, or give it another history file with --db FILE"
        case .database(let operation, let reason):
            "history \(operation) failed: \(reason)"
        case .runNotFound(let reference):
            "no run matches '\(reference)'; list runs with `afrun history runs`"
        case .runGroupNotFound(let reference) where reference == "latest" || reference == "previous":
            "the history holds no \(reference == "latest" ? "" : "second ")run group to compare; list them with"
                + " `afrun history runs --by-group`"
        case .runGroupNotFound(let reference):
            "no run has the run group '\(reference)'; list the groups with `afrun history runs --by-group`"
        case .ambiguousRun(let reference, let candidates):
            "'\(reference)' matches \(candidates.count) runs (\(candidates.prefix(3).joined(separator: ", "))…); give more characters of the id"
        case .testNotFound(let name, let similar) where !similar.isEmpty:
            "no test named '\(name)' in the history; did you mean \(similar.map { "'\($0)'" }.joined(separator: ", "))?"
        case .testNotFound(let name, _):
            "no test named '\(name)' in the history; use 'suite/test' or the test name as `afrun history show latest` prints it"
        case .invalidArgument(let text):
            text
        }
    }
}
