import Foundation
import GRDB
import PostgresNIO

/// One row of a PostgreSQL answer, read by column position or name as the history's types: integers,
/// doubles, text, booleans, and dates (text in SQLite's form, read by GRDB's own conversion so both
/// backends read a date alike).
struct PostgresValues {
    private let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
    }

    func int(_ index: Int) throws(HistoryError) -> Int64? { try decode(row[index], Int64?.self) }
    func int(_ name: String) throws(HistoryError) -> Int64? { try decode(row[name], Int64?.self) }
    func double(_ index: Int) throws(HistoryError) -> Double? { try decode(row[index], Double?.self) }
    func double(_ name: String) throws(HistoryError) -> Double? { try decode(row[name], Double?.self) }
    func string(_ index: Int) throws(HistoryError) -> String? { try decode(row[index], String?.self) }
    func string(_ name: String) throws(HistoryError) -> String? { try decode(row[name], String?.self) }
    func bool(_ index: Int) throws(HistoryError) -> Bool? { try decode(row[index], Bool?.self) }

    func date(_ name: String) throws(HistoryError) -> Date? {
        guard let text = try string(name) else { return nil }
        guard let date = Date.fromDatabaseValue(text.databaseValue) else {
            throw HistoryError.database(operation: "read", reason: "'\(text)' in column \(name) is not a date")
        }
        return date
    }

    /// A column that may not be NULL.
    func required<T>(_ value: T?, _ name: String) throws(HistoryError) -> T {
        guard let value else { throw HistoryError.database(operation: "read", reason: "column \(name) is NULL") }
        return value
    }

    private func decode<T: PostgresDecodable>(_ cell: PostgresCell, _ type: T.Type) throws(HistoryError) -> T {
        do {
            return try cell.decode(T.self)
        } catch {
            throw HistoryError.database(
                operation: "read",
                reason: "column \(cell.columnName) of type \(cell.dataType) does not read as \(T.self)"
            )
        }
    }
}

extension SQLArgument {
    /// A SQLite value, as it is bound to a PostgreSQL statement (a blob, which the history never stores,
    /// as text).
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .text(String(decoding: data, as: UTF8.self))
        }
    }
}
