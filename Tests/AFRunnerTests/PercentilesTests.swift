import AFRunner
import Testing

/// The one percentile definition shared by the run summary, shard balancing and history queries.
struct PercentilesTests {
    @Test(
        "nearest rank: the smallest value with at least that fraction of values at or below it",
        arguments: [(0.50, 20.0), (0.95, 40.0), (0.0, 10.0), (1.0, 40.0), (0.25, 10.0), (0.26, 20.0)]
    )
    func nearestRank(fraction: Double, expected: Double) {
        #expect(Percentiles.nearestRank([10, 20, 30, 40], fraction) == expected)
    }

    @Test func medianAveragesTheMiddlePair() {
        #expect(Percentiles.median([10, 20, 30, 40]) == 25)
        #expect(Percentiles.median([10, 20, 30]) == 20)
        #expect(Percentiles.median([]) == 0)
        #expect(Percentiles.nearestRank([], 0.5) == 0)
    }
}
