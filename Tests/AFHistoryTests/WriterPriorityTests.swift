@testable import AFHistory
import Foundation
import Testing

@Suite("The writer's background priority")
struct WriterPriorityTests {
    /// The calling thread's nice value.
    static func nice() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    @Test("a lowered thread gets its nice value back; where that is not allowed, nothing changes")
    func lowerAndRestore() {
        let before = Self.nice()
        if let previous = WriterPriority.lower() {
            #expect(previous == before)
            if WriterPriority.idleAvailable {
                #expect(sched_getscheduler(0) == WriterPriority.schedIdle)
            } else {
                #expect(Self.nice() == min(19, before + WriterPriority.backgroundNice))
            }
            #expect(WriterPriority.restore(previous))
        }
        // Lowered and restored, or (where raising it back is not allowed) never touched.
        #expect(Self.nice() == before)
        #expect(sched_getscheduler(0) == SCHED_OTHER)
    }
}
