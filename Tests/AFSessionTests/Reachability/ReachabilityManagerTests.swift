import AFSession
import Foundation
import Testing

@Suite("Reachability on this machine's interfaces")
struct ReachabilityHostTests {
    @Test func loopbackAddressIsReachableViaLoopback() async {
        #expect(await ReachabilityManager(address: "127.0.0.1").currentStatus() == .reachable(via: .loopback))
        #expect(await ReachabilityManager(address: "::1").currentStatus() == .reachable(via: .loopback))
    }

    @Test func localhostNameResolvesToLoopback() async {
        let status = await ReachabilityManager(domain: "localhost").currentStatus()
        #expect(status == .reachable(via: .loopback))
        #expect(status.isReachable && !status.isReachableViaWiFi && !status.isReachableViaCellular)
    }

    @Test func networkStatusFollowsTheDefaultRoute() async throws {
        let routes = try String(contentsOfFile: "/proc/net/route", encoding: .utf8)
        let hasDefault = routes.split(separator: "\n").dropFirst().contains { line in
            let columns = line.split(whereSeparator: \.isWhitespace)
            return columns.count >= 8 && columns[1] == "00000000" && columns[7] == "00000000"
        }
        let status = await ReachabilityManager(target: .network).currentStatus()
        if hasDefault {
            #expect(status.isReachable, "a default route exists, yet the network is \(status)")
        } else {
            #expect(status == .notReachable)
        }
    }

    @Test func malformedNumericAddressIsNotReachable() async {
        #expect(await ReachabilityManager(address: "999.1.1.1").currentStatus() == .notReachable)
    }

    @Test("more evaluations at once than the executor has threads all complete", .timeLimit(.minutes(2)))
    func manyConcurrentEvaluationsComplete() async {
        let count = 8 * ProcessInfo.processInfo.activeProcessorCount
        let manager = ReachabilityManager(domain: "localhost")
        let statuses = await withTaskGroup(of: ReachabilityStatus.self) { group in
            for _ in 0..<count { group.addTask { await manager.currentStatus() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == count)
        #expect(statuses.allSatisfy { $0 == .reachable(via: .loopback) })
        #expect(manager.status == .reachable(via: .loopback))
    }

    @Test func sharedManagerWatchesTheNetwork() {
        #expect(ReachabilityManager.shared.target == .network)
    }
}

@Suite(
    "Reachability changes in a network namespace",
    .serialized,
    .enabled(if: TestNetworkNamespace.isSupported, "needs root and iproute2 to create a network namespace")
)
struct ReachabilityNamespaceTests {
    @Test func freshNamespaceReachesNothingUntilLoopbackIsUp() async throws {
        let namespace = try await TestNetworkNamespace()
        let loopback = try ReachabilityManager(target: .address("127.0.0.1"), networkNamespace: namespace.name)
        let network = try ReachabilityManager(target: .network, networkNamespace: namespace.name)
        let unrouted = try ReachabilityManager(target: .address("192.0.2.2"), networkNamespace: namespace.name)
        #expect(await loopback.currentStatus() == .notReachable)
        #expect(await network.currentStatus() == .notReachable)
        #expect(await unrouted.currentStatus() == .notReachable)

        try await namespace.run("link", "set", "lo", "up")
        #expect(await loopback.currentStatus() == .reachable(via: .loopback))
        #expect(await unrouted.currentStatus() == .notReachable)
    }

    @Test(
        "evaluations in a namespace, more at once than the executor has threads, all complete",
        .timeLimit(.minutes(2))
    )
    func manyConcurrentEvaluationsInANamespace() async throws {
        let namespace = try await TestNetworkNamespace()
        try await namespace.run("link", "set", "lo", "up")
        let manager = try ReachabilityManager(target: .address("127.0.0.1"), networkNamespace: namespace.name)
        let count = 8 * ProcessInfo.processInfo.activeProcessorCount
        let statuses = await withTaskGroup(of: ReachabilityStatus.self) { group in
            for _ in 0..<count { group.addTask { await manager.currentStatus() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == count)
        #expect(statuses.allSatisfy { $0 == .reachable(via: .loopback) })
    }

    @Test("stopMonitoring returns while the monitor thread ends; a new start monitors again")
    func monitoringStartsAgainAfterAStop() async throws {
        let namespace = try await TestNetworkNamespace()
        let manager = try ReachabilityManager(target: .address("127.0.0.1"), networkNamespace: namespace.name)
        let streamed = Collector<ReachabilityStatus>()
        let reader = Task { for await status in manager.statusUpdates() { streamed.append(status) } }
        defer { reader.cancel() }
        manager.startMonitoring()
        #expect(await streamed.waitFor(.notReachable))
        manager.stopMonitoring()
        #expect(!manager.isMonitoring)

        try await namespace.run("link", "set", "lo", "up")
        manager.startMonitoring()
        defer { manager.stopMonitoring() }
        #expect(await streamed.waitFor(.reachable(via: .loopback)))
    }

    @Test func unknownNamespaceIsAFileSystemError() {
        #expect(throws: SessionError.self) {
            try ReachabilityManager(target: .network, networkNamespace: "afrun-no-such-namespace")
        }
    }

    @Test func monitoringDeliversFirstStatusThenLinkChanges() async throws {
        let namespace = try await TestNetworkNamespace()
        let manager = try ReachabilityManager(target: .address("192.0.2.2"), networkNamespace: namespace.name)
        let handled = Collector<ReachabilityStatus>()
        let streamed = Collector<ReachabilityStatus>()
        manager.setStatusChangeHandler { handled.append($0) }
        let reader = Task { for await status in manager.statusUpdates() { streamed.append(status) } }
        defer { reader.cancel() }
        manager.startMonitoring()
        defer { manager.stopMonitoring() }

        #expect(await streamed.waitFor(.notReachable))

        try await namespace.run("link", "add", "afr0", "type", "veth", "peer", "name", "afr1")
        try await namespace.run("addr", "add", "192.0.2.1/24", "dev", "afr0")
        try await namespace.run("link", "set", "afr1", "up")
        try await namespace.run("link", "set", "afr0", "up")
        #expect(await streamed.waitFor(.reachable(via: .ethernet)))

        try await namespace.run("link", "set", "afr0", "down")
        #expect(await streamed.waitFor(.notReachable, occurrence: 2))
        #expect(manager.status == .notReachable)
        // The closure saw the same sequence on its queue.
        #expect(await handled.waitFor(.notReachable, occurrence: 2))
        #expect(handled.values.first == .notReachable)
        #expect(handled.values.contains(.reachable(via: .ethernet)))
    }

    @Test func networkBecomesReachableWithADefaultRoute() async throws {
        let namespace = try await TestNetworkNamespace()
        let manager = try ReachabilityManager(target: .network, networkNamespace: namespace.name)
        let streamed = Collector<ReachabilityStatus>()
        let reader = Task { for await status in manager.statusUpdates() { streamed.append(status) } }
        defer { reader.cancel() }
        manager.startMonitoring()
        defer { manager.stopMonitoring() }
        #expect(await streamed.waitFor(.notReachable))

        try await namespace.run("link", "add", "afr0", "type", "veth", "peer", "name", "afr1")
        try await namespace.run("link", "set", "afr1", "up")
        try await namespace.run("link", "set", "afr0", "up")
        try await namespace.run("addr", "add", "192.0.2.1/24", "dev", "afr0")
        try await namespace.run("route", "add", "default", "via", "192.0.2.254", "dev", "afr0")
        #expect(await streamed.waitFor(.reachable(via: .ethernet)))
        #expect(manager.isMonitoring)
    }
}

extension Collector where Value == ReachabilityStatus {
    /// Waits until `status` has been seen `occurrence` times: up to 60 s, a bound for a hang only (on a loaded
    /// 2-core machine a link change once took longer than the 10 s this waited before).
    func waitFor(_ status: ReachabilityStatus, occurrence: Int = 1) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if values.filter({ $0 == status }).count >= occurrence { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}

@Suite("Reachability through the session core")
struct SessionReachabilityTests {
    @Test func sessionExposesTheSharedNetworkManager() async {
        let session = SessionManager()
        #expect(session.reachabilityManager === ReachabilityManager.shared)
        #expect(session.reachabilityManager.target == .network)
        await session.shutdown()
    }
}
