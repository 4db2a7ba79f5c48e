import Foundation
import Testing

/// `afrun jsonschema` end to end: exit 0 valid, 1 invalid with every violation, 2 for a bad schema.
@Suite struct JSONSchemaCommandTests {
    static let schema = #"""
        {"type": "object", "properties": {"items": {"type": "array", "items": {"properties": {"price": {"$ref": "common.json#/$defs/price"}}}}}}
        """#
    static let common = #"{"$defs": {"price": {"type": "number", "minimum": 0}}}"#

    private static func folder() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write("order.schema.json", schema)
        try folder.write("common.json", common)
        try folder.write("good.json", #"{"items": [{"price": 1}]}"#)
        try folder.write("bad.json", #"{"items": [{"price": 1}, {"price": "x"}, {"price": -1}]}"#)
        return folder
    }

    @Test func validDocumentExitsZero() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try await AfrunProcess.run(["jsonschema", "order.schema.json", "good.json"], in: folder.url)
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("good.json: valid"))
    }

    @Test("a document given as a pipe (`<(…)`) is read; a schema given as one is named as a pipe")
    func pipesAreReadOrNamed() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let fifo = folder.url.appendingPathComponent("piped.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // The writer opens without blocking, retrying until afrun has opened the pipe for reading (10 s at
        // most), so a broken read fails this test instead of hanging it.
        let writer = Thread {
            for _ in 0..<1000 {
                let fd = open(fifo.path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 {
                    let text = Array(#"{"items": [{"price": 1}]}"#.utf8)
                    _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                    return
                }
                usleep(10_000)
            }
        }
        writer.start()
        let output = try await AfrunProcess.run(["jsonschema", "order.schema.json", "piped.json"], in: folder.url)
        #expect(output.status == 0, "\(output.all)")
        #expect(output.stdout.contains("piped.json: valid"), "\(output.all)")
        let schemaPipe = try await AfrunProcess.run(["jsonschema", "piped.json", "good.json"], in: folder.url)
        #expect(schemaPipe.status == 2, "\(schemaPipe.all)")
        #expect(schemaPipe.stderr.contains("it is not a regular file (a pipe or a device)"), "\(schemaPipe.all)")
    }

    @Test func invalidDocumentListsEveryViolationAndExitsOne() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try await AfrunProcess.run(["jsonschema", "order.schema.json", "bad.json"], in: folder.url)
        #expect(output.status == 1, "\(output.all)")
        #expect(output.stdout.contains("/items/1/price: expected number, got string"))
        #expect(output.stdout.contains("/items/2/price: -1 is less than the minimum 0"))

        let json = try await AfrunProcess.run(
            ["jsonschema", "--format", "json", "order.schema.json", "bad.json"],
            in: folder.url
        )
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["valid"] as? Bool == false)
        #expect(
            (object?["errors"] as? [[String: Any]])?.map { $0["instanceLocation"] as? String } == [
                "/items/1/price", "/items/2/price",
            ]
        )
    }

    @Test func badSchemaExitsTwo() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write("bad.schema.json", #"{"type": 12}"#)
        try folder.write("dangling.schema.json", #"{"$ref": "nowhere.json"}"#)
        for schema in ["bad.schema.json", "dangling.schema.json", "absent.json"] {
            let output = try await AfrunProcess.run(["jsonschema", schema, "good.json"], in: folder.url)
            #expect(output.status == 2, "\(schema): \(output.all)")
            #expect(output.stderr.contains(schema), "\(output.stderr)")
        }
    }
}
