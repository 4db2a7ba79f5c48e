import Testing

@testable import AFRunner

@Test func limiterNeverExceedsItsBound() async {
    let limiter = JobLimiter(limit: 3)
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<50 {
            group.addTask {
                await limiter.withSlot { await Task.yield() }
            }
        }
    }
    #expect(limiter.peakInFlight <= 3)
    #expect(limiter.peakInFlight >= 1)
}

@Test func limiterHandsSlotsToWaiters() async {
    let limiter = JobLimiter(limit: 1)
    await limiter.acquire()
    let waiter = Task { await limiter.withSlot { 7 } }
    await Task.yield()
    limiter.release()
    #expect(await waiter.value == 7)
    #expect(limiter.peakInFlight == 1)
}
