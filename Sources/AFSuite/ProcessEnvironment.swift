import Foundation

/// The process environment, read once: `ProcessInfo.processInfo.environment` builds a new dictionary
/// from `environ` on every call, and a run asked for it about ten times before its first request.
/// afrun never changes its own environment, so one copy serves the whole process (and is the
/// default of every API that reads the environment: `SuiteLoader`, `VariableScope`, `RunOptions`).
public enum ProcessEnvironment {
    /// Every variable of the process environment, as it was when first read.
    public static let all: [String: String] = ProcessInfo.processInfo.environment
}
