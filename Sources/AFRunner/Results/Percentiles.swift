/// Percentiles of timings, one definition for the run summary, shard balancing and the history
/// queries (SQLite has no percentile function).
public enum Percentiles {
    /// The value at `fraction` (0...1) of `sorted`, nearest rank; 0 when empty.
    public static func nearestRank(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The median (mean of the middle two for even counts); 0 when empty.
    public static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
