import AFSuite
import Foundation
import JSONPath
import Locking

/// Makes the values of `{{$uuid}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`, `{{$randomInt(min,max)}}` and
/// `{{$randomString(length)}}` for one test's request, and keeps every value it made so the result can
/// show what was sent.
///
/// A class shared by the copies of the scope that render one request, behind a lock (the scope is a
/// value that may be copied into concurrent code).
public final class ValueGenerator: Sendable {
    fileprivate struct State {
        var seeded: SplitMix64?
        var made: [(name: String, value: String)] = []
        var uses: [String: Int] = [:]
    }
    private let state: LockedValue<State>

    /// Creates a generator.
    /// - Parameter seed: random values follow from it (the same seed, the same values); nil draws them
    ///   from the system's generator.
    public init(seed: UInt64? = nil) {
        state = LockedValue(State(seeded: seed.map(SplitMix64.init)))
    }

    /// A generator for one test of a run: with `--seed`, seeded from the run's seed, the suite name and the test name,
    /// so each test gets the same values on every run whatever the order tests run in.
    public static func forTest(_ identity: TestIdentity, runSeed: UInt64?) -> ValueGenerator {
        guard let runSeed else { return ValueGenerator() }
        // FNV-1a over the identity: stable across runs and processes (Swift's `Hasher` is not).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(identity.suiteName)\u{0}\(identity.testName)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return ValueGenerator(seed: runSeed ^ hash)
    }

    /// A new value for the placeholder `name` (`$uuid`…) as text, recorded; nil when `name` is no generator.
    public func text(for name: String) -> String? {
        guard let kind = GeneratedValue(parsing: name) else { return nil }
        let now = Date()
        return state.withLock { state -> String in
            let value: String
            switch kind {
            case .uuid: value = Self.uuid(state.random64(), state.random64())
            case .timestamp: value = String(Int64(now.timeIntervalSince1970.rounded(.down)))
            case .isoTimestamp: value = now.formatted(Self.isoStyle)
            case .randomInt(let min, let max): value = String(state.random(in: min...max))
            case .randomString(let length):
                let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                value = String((0..<length).map { _ in alphabet[state.random(in: 0...(alphabet.count - 1))] })
            }
            let count = state.uses[name, default: 0] + 1
            state.uses[name] = count
            state.made.append((count == 1 ? name : "\(name)#\(count)", value))
            return value
        }
    }

    /// A new value for `name` as JSON: a number for `$timestamp` and `$randomInt`, else a string.
    public func json(for name: String) -> JSONValue? {
        guard let kind = GeneratedValue(parsing: name), let text = text(for: name) else { return nil }
        if kind.isNumber, let number = try? JSONValue(parsing: Data(text.utf8)) { return number }
        return .string(text)
    }

    /// Every value made so far, in order, named as written (`$uuid`; a second one in the same request `$uuid#2`).
    public var values: [(name: String, value: String)] { state.withLock { $0.made } }

    private static let isoStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// A version-4 UUID from 128 random bits, lower-case.
    private static func uuid(_ high: UInt64, _ low: UInt64) -> String {
        var bytes: [UInt8] = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }
}

extension ValueGenerator.State {
    fileprivate mutating func random64() -> UInt64 {
        if seeded != nil { return seeded!.next() }
        var system = SystemRandomNumberGenerator()
        return system.next()
    }

    fileprivate mutating func random(in range: ClosedRange<Int>) -> Int {
        if seeded != nil { return Int.random(in: range, using: &seeded!) }
        return Int.random(in: range)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small generator whose whole output follows from its seed,
/// for `--seed`. Not for secrets.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
