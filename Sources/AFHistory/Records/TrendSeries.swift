import Foundation

/// How a suite's or a test's timing moved run by run (`history trends`).
public struct TrendSeries: Sendable, Hashable, Codable {
    /// The suite name, or `suite/test`; followed by ` (FILE)` when another suite file in the window has a
    /// suite of the same name.
    public var name: String
    /// The suite file the series belongs to (a series is one suite file's suite, or one of its tests).
    public var suiteFile: String
    /// One point per run that ran it, oldest first.
    public var points: [TrendPoint]
}

/// One run's percentiles in a trend.
public struct TrendPoint: Sendable, Hashable, Codable {
    /// The run.
    public var runID: String
    /// When the run started.
    public var startedAt: Date
    /// Results measured.
    public var samples: Int
    /// Median, in milliseconds.
    public var p50Ms: Double
    /// 95th percentile (nearest rank), in milliseconds.
    public var p95Ms: Double
    /// Results that failed or errored in that run.
    public var failures: Int
}

/// What a trend groups by.
public enum TrendGrouping: String, Sendable, Hashable, Codable, CaseIterable {
    /// One series per suite.
    case suite
    /// One series per test.
    case test
}
