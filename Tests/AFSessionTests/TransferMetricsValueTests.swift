import AFSession
import Foundation
import Testing

/// `TransferMetrics` keeps its values behind one shared reference; it must still behave as a value.
@Suite struct TransferMetricsValueTests {
    @Test func aCopyChangesAloneAndEqualityFollowsTheValues() {
        let original = TransferMetrics(dns: .milliseconds(2), total: .milliseconds(40), remoteIP: "127.0.0.1", connectionReused: true)
        var copy = original
        #expect(copy == original)
        copy.total = .milliseconds(41)
        copy.remoteIP = "::1"
        #expect(original.total == .milliseconds(40))
        #expect(original.remoteIP == "127.0.0.1")
        #expect(copy.total == .milliseconds(41))
        #expect(copy != original)
        copy.total = .milliseconds(40)
        copy.remoteIP = "127.0.0.1"
        #expect(copy == original)
        #expect(Set([copy, original]).count == 1)
    }

    @Test func encodesOneKeyPerPropertyAndDecodesBack() throws {
        var metrics = TransferMetrics(connect: .microseconds(300), redirectCount: 2, httpVersion: .http1_1, remotePort: 8443)
        metrics.responseBodyBytes = 67
        let data = try JSONEncoder().encode(metrics)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["redirectCount"] as? Int == 2)
        #expect(object["responseBodyBytes"] as? Int == 67)
        #expect(object["remotePort"] as? Int == 8443)
        #expect(object["storage"] == nil)
        #expect(try JSONDecoder().decode(TransferMetrics.self, from: data) == metrics)
    }

    /// `Duration.milliseconds` takes a short path for counts that fit in 64 bits; it must give what dividing the
    /// durations gives, on both sides of that limit and for negative durations.
    @Test(arguments: [
        Duration.zero, .microseconds(1), .microseconds(1_500), .milliseconds(-3), .nanoseconds(9_223_372_036),
        .nanoseconds(9_223_372_037), .seconds(10), .seconds(-10), .seconds(86_400 * 365), .microseconds(123_456_789_012),
    ])
    func millisecondsMatchDivision(duration: Duration) {
        #expect(duration.milliseconds == duration / .milliseconds(1))
    }

    @Test func millisecondsOfRandomMicrosecondCounts() {
        var generator = SystemRandomNumberGenerator()
        var differing: [Duration] = []
        for _ in 0..<100_000 {
            let duration = Duration.microseconds(Int64.random(in: -20_000_000...20_000_000, using: &generator))
            if duration.milliseconds != duration / .milliseconds(1) { differing.append(duration) }
        }
        #expect(differing.count == 0, "first: \(differing.prefix(3))")
    }
}
