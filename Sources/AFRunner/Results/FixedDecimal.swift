import Foundation

/// Decimal text for durations in outputs.
public enum FixedDecimal {
    /// `value` with `digits` (1 or 2) decimals, exactly as `String(format: "%.1f")` / `"%.2f"` writes it,
    /// without `String(format:)`, which goes through NSString and the locale machinery (~0.2 ms of a
    /// short run's start-up for its one summary line).
    ///
    /// The scaled product `value × 10^digits` is correctly rounded, so it lies on the same side of
    /// every half as the exact scaled value unless it lands exactly on one; that case, negative values
    /// (printf writes `-0.00`), non-finite and huge values, and other digit counts go through
    /// `String(format:)`.
    /// - Parameters:
    ///   - value: the number.
    ///   - digits: decimals, 1 or 2.
    /// - Returns: the text, such as `1.25`.
    public static func text(_ value: Double, digits: Int) -> String {
        let scale = digits == 1 ? 10 : 100
        let product = value * Double(scale)
        guard digits == 1 || digits == 2, value.sign == .plus, product.isFinite, product < 1e15,
            product - product.rounded(.down) != 0.5
        else {
            return String(format: "%.\(digits)f", value)
        }
        let units = Int(product.rounded(.toNearestOrAwayFromZero))
        let fraction = units % scale
        let padding = digits == 2 && fraction < 10 ? "0" : ""
        return "\(units / scale)." + padding + "\(fraction)"
    }
}
