import ArgumentParser
import Testing

@testable import afrun

/// What each command's body turns into an exit status: its own statuses and ArgumentParser's pass through,
/// anything else is an internal error (3).
@Suite struct ExitStatusTests {
    struct Unexpected: Error {}

    @Test func anErrorNoCommandTurnedIntoAStatusExitsThree() async throws {
        #expect(throws: ExitCode(ExitStatus.internalError)) {
            try ExitStatus.reportingInternalErrors { throw Unexpected() }
        }
        await #expect(throws: ExitCode(3)) {
            try await ExitStatus.reportingInternalErrorsAsync { throw Unexpected() }
        }
    }

    @Test func statusesAndUsageErrorsPassThrough() {
        #expect(throws: ExitCode(ExitStatus.notLoadedOrWritten)) {
            try ExitStatus.reportingInternalErrors { throw ExitCode(ExitStatus.notLoadedOrWritten) }
        }
        #expect(throws: ValidationError.self) {
            try ExitStatus.reportingInternalErrors { throw ValidationError("bad option") }
        }
        #expect(throws: Never.self) { try ExitStatus.reportingInternalErrors { 42 } }
    }
}
