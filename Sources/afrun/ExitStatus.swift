import ArgumentParser
import Foundation

/// afrun's exit statuses (the `--help` table; README and docs/ci.md show the same).
enum ExitStatus {
    /// Every selected test passed (or was skipped).
    static let passed: Int32 = 0
    /// A test failed or errored.
    static let testsFailed: Int32 = 1
    /// No suite found, a suite that does not load (the others still run), a report or history that could not
    /// be written, or an input a query command cannot read.
    static let notLoadedOrWritten: Int32 = 2
    /// An internal error.
    static let internalError: Int32 = 3
    /// Suites loaded but no test was selected (a `--filter` or `--shard` that matches nothing), without
    /// `--allow-empty`: a green step must mean tests ran.
    static let noTestSelected: Int32 = 4
    /// A usage error: ArgumentParser's status for an unknown option, a missing or malformed value, or a
    /// failed `validate()` (`EX_USAGE` from sysexits.h).
    static let usage = ExitCode.validationFailure.rawValue

    /// The `--help` text.
    static let help = """
        EXIT STATUS
          0    every selected test passed
          1    a test failed or errored
          2    no suite found under PATH; a suite that does not load (the
               other suites still run); a report or the history could not
               be written
          3    internal error
          4    no test selected (--filter or --shard matched nothing);
               --allow-empty exits 0 instead
          64   usage error: an unknown option, a missing or malformed
               value (EX_USAGE)
          130  interrupted by SIGINT (143: SIGTERM): tests not run are
               skipped, the run is marked interrupted in the history and
               the reports
        """

    /// Runs a command's body. An error it did not turn into a status itself is an internal error: its
    /// message goes to standard error and the status is 3 (ArgumentParser's 1 would read as "a test failed").
    static func reportingInternalErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw classified(error) }
    }

    /// `reportingInternalErrors` for an async body.
    static func reportingInternalErrorsAsync<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw classified(error) }
    }

    private static func classified(_ error: any Error) -> any Error {
        switch error {
        case is ExitCode, is ValidationError, is CleanExit:
            return error
        default:
            FileHandle.standardError.write(Data("afrun: internal error: \(error)\n".utf8))
            return ExitCode(internalError)
        }
    }
}
