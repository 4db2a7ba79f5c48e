import Foundation
import GRDB
import GRDBSQLite

/// Binds a prepared statement's parameters in order and steps it, straight through the SQLite C API.
///
/// The hot path of recording: GRDB's `StatementArguments` boxes every value and its `execute` tracks the
/// statement for observers, which together cost more than SQLite's insert. Not `Sendable`: it borrows a
/// statement of the writer connection for one row, inside the writer's transaction.
struct SQLiteBinder {
    /// Held so that a statement made for this binder alone (not one of GRDB's cached statements) lives as
    /// long as the binder: its handle would be finalized with it.
    private let statement: Statement
    private let handle: OpaquePointer
    private let connection: OpaquePointer?
    private var index: Int32 = 0
    /// Where bound text is copied (`SQLITE_STATIC`); without one, SQLite copies it (`SQLITE_TRANSIENT`).
    private let arena: TextArena?

    /// SQLite copies bound text before the call returns (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Starts a run of `statement` (resets it). Every parameter must be bound before it runs: with an
    /// `arena`, whose bytes this run hands out again, a parameter left bound from an earlier run would
    /// point at another text.
    init(_ statement: Statement, in db: Database, arena: TextArena? = nil) {
        self.statement = statement
        handle = statement.sqliteStatement
        connection = db.sqliteConnection
        self.arena = arena
        arena?.reset()
        sqlite3_reset(handle)
    }

    private mutating func next() -> Int32 {
        index += 1
        return index
    }

    /// Binds text, or NULL.
    mutating func bind(_ value: String?) {
        let position = next()
        guard var value else {
            sqlite3_bind_null(handle, position)
            return
        }
        value.withUTF8 { bind($0, at: position) }
    }

    /// Binds UTF-8 bytes as text.
    mutating func bindText(_ bytes: [UInt8]) {
        let position = next()
        bytes.withUnsafeBufferPointer { bind($0, at: position) }
    }

    private func bind(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int32) {
        if let arena {
            // Never a null pointer (SQLite would bind NULL), even for "".
            _ = sqlite3_bind_text(handle, position, arena.store(bytes), Int32(bytes.count), nil)
        } else if let start = bytes.baseAddress, !bytes.isEmpty {
            _ = sqlite3_bind_text(handle, position, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                                  Int32(bytes.count), Self.transient)
        } else {
            // An empty buffer may have no address, which SQLite would take for NULL.
            _ = sqlite3_bind_text(handle, position, "", 0, Self.transient)
        }
    }

    /// Binds an integer, or NULL.
    mutating func bind(_ value: Int?) {
        let position = next()
        if let value { sqlite3_bind_int64(handle, position, Int64(value)) } else { sqlite3_bind_null(handle, position) }
    }

    /// Binds an integer, or NULL.
    mutating func bind(_ value: Int64?) {
        let position = next()
        if let value { sqlite3_bind_int64(handle, position, value) } else { sqlite3_bind_null(handle, position) }
    }

    /// Binds a real, or NULL.
    mutating func bind(_ value: Double?) {
        let position = next()
        if let value { sqlite3_bind_double(handle, position, value) } else { sqlite3_bind_null(handle, position) }
    }

    /// Binds a boolean as 0 or 1 (GRDB's storage).
    mutating func bind(_ value: Bool) {
        sqlite3_bind_int64(handle, next(), value ? 1 : 0)
    }

    /// Binds a date as GRDB stores it (`yyyy-MM-dd HH:mm:ss.SSS`, UTC), or NULL.
    mutating func bind(_ value: Date?) {
        guard let value else { return bind(nil as String?) }
        // Written straight into the arena: no string per date.
        if let arena, let (text, count) = arena.write(upTo: StorageDate.length, { StorageDate.write(value, into: $0) }) {
            _ = sqlite3_bind_text(handle, next(), text, Int32(count), nil)
        } else {
            bind(StorageDate.text(value))
        }
    }

    /// Runs the statement (an INSERT: no rows expected).
    /// - Throws: `HistoryError.database` with SQLite's message.
    func step(_ operation: @autoclosure () -> String) throws {
        guard try nextRow(operation()) == false else {
            sqlite3_reset(handle)
            throw HistoryError.database(operation: operation(), reason: "the statement returned rows")
        }
    }

    /// Steps a query: true with a row to read (`text(at:)`, `int64(at:)`), false when it is done.
    /// - Throws: `HistoryError.database` with SQLite's code and message.
    func nextRow(_ operation: @autoclosure () -> String) throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        guard code == SQLITE_DONE else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
            sqlite3_reset(handle)
            throw HistoryError.database(operation: operation(), reason: "SQLite error \(code): \(message)")
        }
        return false
    }

    /// Runs a statement that yields one integer (a query, or an INSERT with `RETURNING`): the first row's first
    /// column, nil when there is no row or it is NULL. The statement is reset after the first row.
    /// - Throws: `HistoryError.database` with SQLite's code and message.
    func singleInt64(_ operation: @autoclosure () -> String) throws -> Int64? {
        guard try nextRow(operation()) else { return nil }
        defer { sqlite3_reset(handle) }
        return sqlite3_column_type(handle, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, 0)
    }

    /// The current row's column `column` as text ("" for NULL).
    func text(at column: Int32) -> String {
        // The text first, then its length: asking for the text may convert it, changing the length.
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The current row's column `column` as an integer.
    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }
}
