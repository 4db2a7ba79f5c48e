import Foundation
import Testing

@testable import AFSession

/// The task lifecycle as a plain value: allowed transitions, and exactly one delivery.
struct TransferStateMachineTests {
    private let request = HTTPRequest(url: URL(string: "http://127.0.0.1:1/get")!)
    private var outcome: TransferOutcome { .failure(.sessionInvalidated, request: request) }

    @Test func resumeStartsOnceThenDoesNothing() {
        var machine = TransferStateMachine()
        #expect(machine.resume() == .start)
        #expect(machine.state == .running)
        #expect(machine.resume() == .none)
    }

    @Test func suspendBeforeStartKeepsTheTaskInitial() {
        var machine = TransferStateMachine()
        #expect(machine.suspend() == .none)
        #expect(machine.state == .initial)
    }

    @Test func suspendAndResumePauseAndUnpause() {
        var machine = TransferStateMachine()
        _ = machine.resume()
        #expect(machine.suspend() == .pause)
        #expect(machine.state == .paused)
        #expect(machine.suspend() == .none)
        #expect(machine.resume() == .unpause)
        #expect(machine.state == .running)
    }

    @Test func cancelBeforeStartDeliversCancelledAtOnce() throws {
        var machine = TransferStateMachine()
        guard case .deliver(.cancelled) = machine.cancel() else {
            Issue.record("expected an immediate cancelled delivery")
            return
        }
        #expect(machine.state == .completed)
        #expect(machine.resume() == .none)
        #expect(machine.finish(outcome) == nil)
    }

    @Test func cancelWhileRunningWaitsForTheLoopThenDeliversCancelledOnce() {
        var machine = TransferStateMachine()
        _ = machine.resume()
        guard case .cancelTransfer = machine.cancel() else {
            Issue.record("expected the loop to be asked to cancel")
            return
        }
        #expect(machine.state == .cancelling)
        guard case .none = machine.cancel() else {
            Issue.record("a second cancel must do nothing")
            return
        }
        guard case .cancelled? = machine.finish(outcome) else {
            Issue.record("a cancelled task delivers .cancelled whatever the loop reports")
            return
        }
        #expect(machine.finish(outcome) == nil)
    }

    @Test func cancelWhilePausedAsksTheLoop() {
        var machine = TransferStateMachine()
        _ = machine.resume()
        _ = machine.suspend()
        guard case .cancelTransfer = machine.cancel() else {
            Issue.record("expected the loop to be asked to cancel")
            return
        }
    }

    @Test func finishDeliversTheOutcomeExactlyOnce() {
        var machine = TransferStateMachine()
        _ = machine.resume()
        guard case .outcome? = machine.finish(outcome) else {
            Issue.record("expected the outcome")
            return
        }
        #expect(machine.finish(outcome) == nil)
        guard case .none = machine.cancel() else {
            Issue.record("cancel after completion must do nothing")
            return
        }
        #expect(machine.state == .completed)
    }

    @Test func finishWhilePausedDelivers() {
        var machine = TransferStateMachine()
        _ = machine.resume()
        _ = machine.suspend()
        guard case .outcome? = machine.finish(outcome) else {
            Issue.record("expected the outcome")
            return
        }
    }

    @Test func rejectedStartDeliversInvalidatedOnce() {
        var machine = TransferStateMachine()
        _ = machine.resume()
        guard case .invalidated? = machine.startRejected() else {
            Issue.record("expected .invalidated")
            return
        }
        #expect(machine.startRejected() == nil)
        #expect(machine.finish(outcome) == nil)
    }

    @Test func finishBeforeResumeIsIgnored() {
        var machine = TransferStateMachine()
        #expect(machine.finish(outcome) == nil)
        #expect(machine.state == .initial)
    }
}

extension TransferStateMachine.Completion: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.cancelled, .cancelled), (.invalidated, .invalidated), (.outcome, .outcome): true
        default: false
        }
    }
}
