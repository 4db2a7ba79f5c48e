import AFRunner
import Foundation
import Testing

/// `FixedDecimal.text` must write what `String(format:)` writes, ties and edge values included.
@Suite struct FixedDecimalTests {
    @Test("the same text as String(format:) for 1 and 2 decimals", arguments: [1, 2])
    func matchesPrintf(digits: Int) {
        var values: [Double] = [
            0, -0.0, 0.005, 0.015, 0.025, 0.125, 0.285, 1.005, 1.115, 2.675, 9.995, 99.95, 0.05, 0.95,
            -1.5, 1e20, .infinity, .nan, 123_456.789, 0.004999999, 0.0449999,
        ]
        // Every hundredth and thousandth up to 20, and their halves: the ties are where rounding can differ.
        for i in 0...20_000 {
            values.append(Double(i) / 1_000)
            values.append((Double(i) + 0.5) / 1_000)
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Double.random(in: 0..<5_000, using: &generator)) }
        var mismatches: [String] = []
        for value in values {
            let expected = String(format: "%.\(digits)f", value)
            let actual = FixedDecimal.text(value, digits: digits)
            if actual != expected { mismatches.append("\(value): \(actual) != \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
