/// Why a report could not be written.
public enum ReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The report file (or its folder) could not be written.
    case cannotWrite(path: String, reason: String)
    /// The report could not be encoded.
    case encodingFailed(format: String, reason: String)

    /// A sentence naming the file and the fix.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write the report '\(path)': \(reason); check the folder exists and is writable"
        case .encodingFailed(let format, let reason):
            "cannot encode the \(format) report: \(reason)"
        }
    }
}
