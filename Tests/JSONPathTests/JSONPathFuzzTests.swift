import Foundation
import JSONPath
import Testing

/// A deterministic, bounded fuzz run: random and mutated queries must compile or throw
/// `JSONPathError` (never crash or hang), and compiled ones must evaluate.
struct JSONPathFuzzTests {
    /// SplitMix64: small, seeded, the same sequence on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let seeds = [
        "$.store.book[?@.price < 10 && match(@.title, '.*y.*')].author", "$..book[-1:0:-2]['title','price']",
        "$[?count(@..*) > 2 || !(@.a == 'x\\u00e9')]", "$[?value(@..price) >= 9 && search(@.s, '[a-z]+\\\\p{L}')]",
        "$.a[1:3:1][*]..b[?length(@) != null]", "$[\"a\\\"b\",'c\\'d'][?@ == $[0]]",
    ]
    static let fragments = [
        "$", "@", ".", "..", "[", "]", "(", ")", "?", "*", ":", ",", "'", "\"", "\\", "!", "==", "!=", "<", "<=", ">",
        ">=", "&&", "||", " ", "a", "b", "0", "1", "-1", "01", "1.5", "e3", "true", "null", "length(", "count(",
        "match(", "search(", "value(", "'x'", "\\u", "D800", "é", "😀", "\t", "\n", "{", "}", "$.a", "@.b", "[0]",
    ]

    @Test func randomAndMutatedQueriesNeverCrash() throws {
        var random = SeededGenerator(state: 9535)
        let document = try json(bookstoreJSON)
        var compiled = 0
        var rejected = 0
        for round in 0..<20_000 {
            var query: String
            if round % 2 == 0 {
                query = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    Self.fragments.randomElement(using: &random)!
                }.joined()
            } else {
                var scalars = Array(Self.seeds.randomElement(using: &random)!.unicodeScalars)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let position = Int.random(in: 0...scalars.count, using: &random)
                    let fragment = Array(Self.fragments.randomElement(using: &random)!.unicodeScalars)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: scalars.insert(contentsOf: fragment, at: position)
                    case 1: if position < scalars.count { scalars.remove(at: position) }
                    default: if position < scalars.count { scalars[position] = fragment[0] }
                    }
                }
                query = String(String.UnicodeScalarView(scalars))
            }
            do {
                let compiledQuery = try JSONPathQuery(query)
                compiled += 1
                _ = compiledQuery.evaluate(document)
            } catch {
                rejected += 1
                #expect(error.position >= 0 && error.position <= query.unicodeScalars.count, "\(query): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
        #expect(compiled + rejected == 20_000)
        #expect(compiled > 100, "the mutations should keep some queries valid")
    }

    @Test func mutatedDocumentsNeverCrashTheJSONParser() {
        var random = SeededGenerator(state: 8259)
        let base = Array(bookstoreJSON.utf8)
        let bytes: [UInt8] =
            Array("{}[]\",:\\u0123456789-+.eEtruefalsenull \n\u{7F}".utf8) + [0xC3, 0xFF, 0xED, 0xA0, 0x80]
        var accepted = 0
        for _ in 0..<5_000 {
            var document = base
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<document.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: document.insert(bytes.randomElement(using: &random)!, at: position)
                case 1: document.remove(at: position)
                default: document[position] = bytes.randomElement(using: &random)!
                }
            }
            do {
                let value = try JSONValue(parsing: Data(document))
                accepted += 1
                #expect(try JSONValue(parsing: value.serialized()) == value)
            } catch {
                #expect(error.offset <= document.count)
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
        #expect(accepted > 0)
    }
}
