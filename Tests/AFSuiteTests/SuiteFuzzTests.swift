import Foundation
import JSONPath
import Testing

@testable import AFSuite

/// A small deterministic generator (SplitMix64), so a failing input can be reproduced from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The loader never crashes and always explains itself: mutated suites either load or give
/// located problems with a message.
@Suite struct SuiteFuzzTests {
    static let tokens = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "{{", "}}", "null", "-1", "1e999", "\"x\"", "\u{0}", "é", "\n",
    ]
    static let values: [JSONValue] = [
        .null, .bool(true), .number(JSONNumber(-1)), .number(JSONNumber(1e300)), .string(""), .string("{{x"),
        .string("{{env.}}"), .string("(["), .string("$["), .array([]), .array([.null]), .object(JSONObject()),
        .object(JSONObject([("path", .string("$.a")), ("zz", .null)])),
    ]

    func check(_ data: Data, seed: Int) {
        let result = SuiteLoader(environment: [:]).loadFile(
            Fixtures.valid.appendingPathComponent("fuzz.json"),
            displayPath: "fuzz.json",
            data: data,
            knownVariables: []
        )
        if case .failure(let f) = result {
            #expect(!f.errors.isEmpty, "seed \(seed)")
            for error in f.errors {
                #expect(!error.message.isEmpty, "seed \(seed)")
                if let l = error.location {
                    #expect(l.line >= 1 && l.column >= 1, "seed \(seed): \(error)")
                }
                _ = error.rendered { _, _ in String(decoding: data, as: UTF8.self) }
            }
        }
    }

    @Test func byteLevelMutations() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: Fixtures.valid.path).filter {
            $0.hasSuffix(".json")
        }.sorted()
        var rng = SplitMix64(state: 0xAF5)
        for (index, name) in sources.enumerated() {
            let original = Array(try Data(contentsOf: Fixtures.valid.appendingPathComponent(name)))
            for round in 0..<150 {
                var bytes = original
                for _ in 0...Int.random(in: 0...3, using: &rng) {
                    let at = Int.random(in: 0..<max(1, bytes.count), using: &rng)
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: if !bytes.isEmpty { bytes.remove(at: min(at, bytes.count - 1)) }
                    case 1:
                        bytes.insert(
                            contentsOf: Array(Self.tokens.randomElement(using: &rng)!.utf8),
                            at: min(at, bytes.count)
                        )
                    case 2:
                        if !bytes.isEmpty { bytes[min(at, bytes.count - 1)] = UInt8.random(in: 0...255, using: &rng) }
                    default: bytes = Array(bytes.prefix(at))
                    }
                }
                check(Data(bytes), seed: index * 1000 + round)
            }
        }
    }

    @Test func structuralMutations() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: Fixtures.valid.path).filter {
            $0.hasSuffix(".json")
        }.sorted()
        var rng = SplitMix64(state: 0x5EED)
        for (index, name) in sources.enumerated() {
            let original = try JSONValue(parsing: Data(contentsOf: Fixtures.valid.appendingPathComponent(name)))
            for round in 0..<150 {
                var value = original
                for _ in 0...Int.random(in: 0...2, using: &rng) {
                    value = Self.mutate(value, rng: &rng)
                }
                check(Data(value.serialized(pretty: round % 2 == 0).utf8), seed: index * 1000 + round)
            }
        }
    }

    /// Replaces one randomly chosen node (walking down at random) with another value.
    static func mutate(_ value: JSONValue, rng: inout SplitMix64, depth: Int = 0) -> JSONValue {
        let stop = Int.random(in: 0..<4, using: &rng) == 0 || depth > 8
        switch value {
        case .object(var o) where !stop && o.count > 0:
            let key = o.keys.randomElement(using: &rng)!
            if Int.random(in: 0..<6, using: &rng) == 0 {
                o[key] = nil
            } else {
                o[key] = mutate(o[key]!, rng: &rng, depth: depth + 1)
            }
            return .object(o)
        case .array(var a) where !stop && !a.isEmpty:
            let i = Int.random(in: 0..<a.count, using: &rng)
            a[i] = mutate(a[i], rng: &rng, depth: depth + 1)
            return .array(a)
        default:
            return values.randomElement(using: &rng)!
        }
    }
}
