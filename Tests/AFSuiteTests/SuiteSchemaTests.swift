import Foundation
import TestSupport
import Testing

/// docs/suite.schema.json accepts every valid suite (the fixtures and the example suites in
/// suites/) and rejects suites with unknown keys. Uses python3's `jsonschema` package.
@Suite struct SuiteSchemaTests {
    static let script = """
        import json, sys
        try:
            from jsonschema import Draft202012Validator
        except ImportError:
            print("SKIP: python3 has no jsonschema module (pip install jsonschema)")
            sys.exit(0)
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        expect_valid = sys.argv[2] == "valid"
        bad = 0
        for path in sys.argv[3:]:
            errors = list(validator.iter_errors(json.load(open(path))))
            if expect_valid and errors:
                bad += 1
                print("INVALID", path, "; ".join(e.message for e in errors[:3]))
            if not expect_valid and not errors:
                bad += 1
                print("ACCEPTED", path)
        print("CHECKED", len(sys.argv) - 3)
        sys.exit(1 if bad else 0)
        """

    /// Every `python3` on PATH (then the usual places), in order: the first with `jsonschema` is used.
    static var pythons: [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        var seen: Set<String> = []
        return (path.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3", "/usr/local/bin/python3"])
            .filter { FileManager.default.isExecutableFile(atPath: $0) && seen.insert($0).inserted }
    }

    /// Runs the script with the first python3 that has `jsonschema`; nil when none has it.
    func validate(_ files: [String], valid: Bool) async throws -> (status: Int32, output: String)? {
        for python in Self.pythons {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: python)
            let schema = Fixtures.root.appendingPathComponent("docs/suite.schema.json").path
            process.arguments = ["-c", Self.script, schema, valid ? "valid" : "invalid"] + files
            let (status, output) = try await process.output(includingErrors: true)
            if !output.hasPrefix("SKIP") { return (status, output) }
        }
        print("SKIP: no python3 with the jsonschema module (pip install jsonschema); the schema was not checked")
        return nil
    }

    static func jsonFiles(in folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter {
                $0.hasSuffix(".json") && !$0.split(separator: "/").contains { $0.hasPrefix("_") || $0.hasPrefix(".") }
            }
            .sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test func validSuitesMatchTheSchema() async throws {
        let files =
            Self.jsonFiles(in: Fixtures.valid) + Self.jsonFiles(in: Fixtures.root.appendingPathComponent("suites"))
        #expect(files.count >= 4)
        guard let (status, output) = try await validate(files, valid: true) else { return }
        #expect(status == 0, "\(output)")
        #expect(output.contains("CHECKED \(files.count)"))
    }

    @Test func suitesWithUnknownKeysDoNotMatch() async throws {
        let files = [
            Fixtures.invalid.appendingPathComponent("many-problems.json").path,
            Fixtures.invalid.appendingPathComponent("not-an-object.json").path,
        ]
        guard let (status, output) = try await validate(files, valid: false) else { return }
        #expect(status == 0, "\(output)")
    }
}
