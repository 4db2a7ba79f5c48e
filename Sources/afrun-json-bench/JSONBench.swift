import Foundation
import JSONPath

/// Times what a JSONPath assertion costs on a large response: parsing a generated 1 MiB API response
/// (a page of items with names, prices, tags, a nested object and a description) into a `JSONDocument`
/// and evaluating a query over it, on one core. The `JSONValue` tree is timed beside it for contrast
/// (what a suite file or a JSON Schema check builds).
///
/// Usage: `afrun-json-bench [ROUNDS]` (default 41); prints the median and the range of each measure.
@main
enum JSONBench {
    /// A response of about `bytes` bytes.
    static func response(bytes: Int) -> Data {
        var items: [String] = []
        var size = 0
        var index = 0
        while size < bytes {
            let item = """
                {"id": \(index), "name": "Item \(index) \u{e9}t\u{e9}", "price": \(index % 1000).\(index % 100), \
                "available": \(index % 3 != 0), "tags": ["a\(index % 7)", "b\(index % 11)", "c"], \
                "owner": {"id": \(index * 7), "email": "u\(index)@example.test", "score": 1.5e\(index % 5)}, \
                "description": "A \\"quoted\\" description of item \(index), long enough to look like real text in an API."}
                """
            items.append(item)
            size += item.utf8.count + 2
            index += 1
        }
        return Data(#"{"page": 1, "total": \#(items.count), "items": [\#(items.joined(separator: ", "))]}"#.utf8)
    }

    static func main() throws {
        let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 41 : 41
        let body = response(bytes: 1 << 20)
        let megabytes = Double(body.count) / 1e6
        let last = try JSONPathQuery("$.items[-1].id")
        let filter = try JSONPathQuery("$.items[?@.price > 998].id")
        let descendant = try JSONPathQuery("$..score")

        print("document: \(body.count) bytes, \(rounds) rounds, one core")
        measure("JSONDocument parse", megabytes, rounds) { _ = try JSONDocument(parsing: body) }
        measure("parse + $.items[-1].id", megabytes, rounds) {
            let document = try JSONDocument(parsing: body)
            precondition(last.values(in: document).count == 1)
        }
        measure("parse + $.items[?@.price > 998].id", megabytes, rounds) {
            let document = try JSONDocument(parsing: body)
            precondition(!filter.values(in: document).isEmpty)
        }
        measure("parse + $..score", megabytes, rounds) {
            let document = try JSONDocument(parsing: body)
            precondition(!descendant.values(in: document).isEmpty)
        }
        measure("JSONValue tree (parse + build)", megabytes, rounds) { _ = try JSONValue(parsing: body) }
    }

    /// Runs `body` `rounds` times after one warm-up and prints the median throughput.
    static func measure(_ name: String, _ megabytes: Double, _ rounds: Int, _ body: () throws -> Void) {
        do {
            try body()
            var seconds: [Double] = []
            for _ in 0..<rounds {
                let start = ContinuousClock.now
                try body()
                let elapsed = ContinuousClock.now - start
                seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            seconds.sort()
            let median = seconds[seconds.count / 2]
            let padded = name.padding(toLength: 36, withPad: " ", startingAt: 0)
            print(
                "\(padded) median \(String(format: "%7.3f", median * 1e3)) ms  \(String(format: "%6.0f", megabytes / median)) MB/s"
                    + "  (range \(String(format: "%.0f", megabytes / seconds[seconds.count - 1]))–"
                    + "\(String(format: "%.0f", megabytes / seconds[0])) MB/s)"
            )
        } catch {
            print("\(name): \(error)")
        }
    }
}
