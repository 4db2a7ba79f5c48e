import AFRunner
import GRDB

/// The run history in SQLite.
///
/// CONTRACT (skeleton): the history issue implements it.
public enum AFHistory {
    /// The database path used when none is given.
    public static let defaultDatabasePath = ".afrun/history.sqlite"
}
