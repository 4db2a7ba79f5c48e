import ArgumentParser
import Foundation

/// A number of bytes as written on the command line: `1048576`, or with a binary unit as curl's
/// `--max-filesize` takes them: `512k`, `64M`, `1G` (`KB`/`KiB`, `MB`/`MiB`, `GB`/`GiB` alike; any case).
struct ByteSize: ExpressibleByArgument, CustomStringConvertible, Hashable {
    /// The count.
    var bytes: Int

    init(_ bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let count = Int(digits) else { return nil }
        let shift: Int
        switch text.dropFirst(digits.count) {
        case "", "b": shift = 0
        case "k", "kb", "kib": shift = 10
        case "m", "mb", "mib": shift = 20
        case "g", "gb", "gib": shift = 30
        default: return nil
        }
        let (product, overflow) = count.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow else { return nil }
        bytes = product
    }

    /// `64MiB` for a whole number of MiB (the default's form in `--help`), else the count of bytes.
    var description: String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes > 0 && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return String(bytes)
    }
}
