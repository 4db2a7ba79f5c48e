import AFRunner

/// Percentiles of one test's timing phase over recent runs (`history slowest`).
public struct PhaseStats: Sendable, Hashable, Codable {
    /// Which test.
    public var identity: TestIdentity
    /// Which phase.
    public var phase: TimingPhase
    /// Results measured.
    public var samples: Int
    /// Median, in milliseconds.
    public var p50Ms: Double
    /// 95th percentile (nearest rank), in milliseconds.
    public var p95Ms: Double
    /// Largest, in milliseconds.
    public var maxMs: Double
}
