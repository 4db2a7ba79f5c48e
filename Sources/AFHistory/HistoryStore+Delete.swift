import GRDB

extension HistoryStore {
    /// Deletes one run with its results, assertions and TLS rows (a spooled run once the shared history has
    /// it). A run that is already gone deletes nothing.
    func deleteRun(sequence: Int64) throws(HistoryError) {
        do {
            try syncWrite("delete a pushed run") { db in
                let ids = try Self.resultIDs(ofRun: sequence, in: db)
                let arguments: StatementArguments = ["lower": ids.lower, "upper": ids.upper, "seq": sequence]
                let mine = "SELECT id FROM results WHERE id BETWEEN :lower AND :upper AND run_seq = :seq"
                try db.execute(
                    sql: """
                        DELETE FROM assertions WHERE result_id IN (\(mine));
                        DELETE FROM tls WHERE result_id IN (\(mine));
                        DELETE FROM results WHERE id BETWEEN :lower AND :upper AND run_seq = :seq;
                        DELETE FROM runs WHERE seq = :seq;
                        """,
                    arguments: arguments
                )
            }
        } catch {
            throw Self.historyError(error, operation: "delete a pushed run")
        }
    }
}
