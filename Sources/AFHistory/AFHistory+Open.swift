extension AFHistory {
    /// Opens the history `location` names for queries: a PostgreSQL URL (`postgres://…`, connected now) or
    /// a SQLite file.
    /// - Parameters:
    ///   - location: a file path or a PostgreSQL URL.
    ///   - detail: how much of each result the runs it records keep.
    /// - Throws: `HistoryError` (an invalid URL, a server that cannot be reached, a file that cannot be opened).
    public static func open(_ location: String, detail: HistoryDetail = .failures) throws -> any HistoryStoring {
        if PostgresLocation.isURL(location) {
            let history = try PostgresHistory(
                server: PostgresLocation(parsing: location),
                detail: detail,
                recording: false
            )
            try history.connect()
            return history
        }
        return try HistoryStore.open(path: location, detail: detail)
    }

    /// Opens the history for recording a run without waiting for it: a SQLite file opens on its writer's
    /// queue, a PostgreSQL history opens its local spool so and connects to the server in the background.
    /// - Parameters:
    ///   - location: a file path or a PostgreSQL URL.
    ///   - detail: how much of each result the run keeps.
    ///   - timeout: for a PostgreSQL history, how long the run may wait for the server in all at its end
    ///     (`PostgresHistory.timeout`; default `PostgresHistory.defaultTimeout`).
    /// - Throws: `HistoryError.invalidArgument` for a PostgreSQL URL that does not parse.
    public static func openForRecording(
        _ location: String,
        detail: HistoryDetail,
        timeout: Double? = nil
    ) throws -> any HistoryStoring {
        if PostgresLocation.isURL(location) {
            return PostgresHistory(
                server: try PostgresLocation(parsing: location),
                detail: detail,
                recording: true,
                timeout: timeout ?? PostgresHistory.defaultTimeout
            )
        }
        return HistoryStore.openInBackground(path: location, detail: detail)
    }

    /// `location` for messages: a PostgreSQL URL with its password masked, a path as it is.
    public static func describe(_ location: String) -> String {
        PostgresLocation.isURL(location) ? PostgresLocation.masked(location) : location
    }
}

extension PostgresHistory {
    /// A history on `server` with its spool in the default place (`.afrun/`); `timeout` as
    /// `PostgresHistory.timeout`.
    public convenience init(
        server: PostgresLocation,
        detail: HistoryDetail = .failures,
        recording: Bool,
        timeout: Double = defaultTimeout
    ) {
        self.init(
            server: server,
            detail: detail,
            spoolPath: Self.defaultSpoolPath(for: server),
            recording: recording,
            timeout: timeout
        )
    }
}
