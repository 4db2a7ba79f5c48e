import AFSession
import Foundation
import Testing

/// `TransferMetrics` keeps its values behind one shared reference; it must still behave as a value.
@Suite struct TransferMetricsValueTests {
    @Test func aCopyChangesAloneAndEqualityFollowsTheValues() {
        let original = TransferMetrics(
            dns: .milliseconds(2),
            total: .milliseconds(40),
            remoteIP: "127.0.0.1",
            connectionReused: true
        )
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
        var metrics = TransferMetrics(
            connect: .microseconds(300),
            redirectCount: 2,
            httpVersion: .http1_1,
            remotePort: 8443
        )
        metrics.responseBodyBytes = 67
        let data = try JSONEncoder().encode(metrics)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["redirectCount"] as? Int == 2)
        #expect(object["responseBodyBytes"] as? Int == 67)
        #expect(object["remotePort"] as? Int == 8443)
        #expect(object["storage"] == nil)
        #expect(try JSONDecoder().decode(TransferMetrics.self, from: data) == metrics)
    }
}
