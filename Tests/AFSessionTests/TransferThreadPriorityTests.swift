@testable import AFSession
import Foundation
import Testing

/// `SessionConfiguration.transferThreadPriorityBoost` raises the transfer thread's priority where the
/// process may (root here and in CI), and leaves it alone otherwise or when 0.
struct TransferThreadPriorityTests {
    /// The loop thread's nice values once it has run a transfer.
    private func loopPriority(boost: Int) async throws -> (inherited: Int32, running: Int32) {
        try await withFixture(configure: { $0.transferThreadPriorityBoost = boost }) { server, session in
            let response = try await session.data(for: HTTPRequest(url: server.url("/get?priority=\(boost)")))
            #expect(response.response.statusCode == 200)
            return try #require(session.loops.loops[0].shared.withLock { $0.priority })
        }
    }

    @Test func aBoostRaisesTheTransferThreadWhenAllowed() async throws {
        let priority = try await loopPriority(boost: 5)
        // Raising a priority needs root or CAP_SYS_NICE; an unprivileged run keeps the creator's.
        if geteuid() == 0 {
            #expect(priority.running == max(-20, priority.inherited - 5))
        } else {
            #expect(priority.running <= priority.inherited)
        }
    }

    @Test func noBoostLeavesTheCreatorsPriority() async throws {
        let priority = try await loopPriority(boost: 0)
        #expect(priority.running == priority.inherited)
    }
}
