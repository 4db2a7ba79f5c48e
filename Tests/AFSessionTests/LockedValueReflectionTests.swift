import Locking
import Testing

/// A value that cannot be copied, like the transfer loop's and the task registry's states.
private struct Token: ~Copyable {
    var count = 0
}

@Suite("LockedValue")
struct LockedValueReflectionTests {
    @Test("reflection shows no children, so a failed #expect over a lock reports instead of crashing")
    func reflectionShowsNoChildren() {
        let lock = LockedValue(Token())
        let mirror = Mirror(reflecting: lock)
        #expect(mirror.children.isEmpty)
        #expect(lock.withLock { $0.count } == 0)
    }
}
