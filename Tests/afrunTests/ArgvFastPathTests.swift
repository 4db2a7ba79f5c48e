import Foundation
import Testing

/// `afrun run …` and `afrun validate …` are read by a hand-written fast path when they can (no ArgumentParser reflection at
/// start-up); these tests hold it to ArgumentParser's reading. `AFRUN_CHECK_ARGV=1` makes the built
/// binary print what each of the two makes of a command line, and run nothing.
@Suite struct ArgvFastPathTests {
    /// Whether the fast path must take a command line, or leave it to ArgumentParser.
    enum Path: Sendable { case fast, argumentParser }

    /// What the binary printed for one command line.
    struct Reading {
        var fast: String
        var parser: String
    }

    static func reading(_ arguments: [String]) async throws -> Reading {
        let folder = try SuiteFolder()
        defer { folder.remove() }
        let output = try await AfrunProcess.run(arguments, in: folder.url, environment: ["AFRUN_CHECK_ARGV": "1"])
        try #require(output.status == 0, "\(output.all)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let fast = try #require(lines.first { $0.hasPrefix("fast: ") }, "\(output.all)")
        let parser = try #require(lines.first { $0.hasPrefix("parser: ") }, "\(output.all)")
        return Reading(fast: String(fast.dropFirst("fast: ".count)), parser: String(parser.dropFirst("parser: ".count)))
    }

    static let table: [([String], Path)] = [
        // Taken by the fast path: every option and flag of `run`, both spellings of a value.
        (["run", "s.json", "--jobs", "64", "--no-history", "--quiet"], .fast),  // ci/bench-runner.sh
        (["s.json", "--no-history"], .fast),
        (["--jobs", "4", "s.json"], .fast),
        (["run", "a.json", "dir", "-j", "3", "--timeout", "2.5"], .fast),
        (["run", "s.json", "--timeout", "1e1", "--jobs", "+4"], .fast),
        (["run", "s.json", "--var", "a=b", "--var=c=d", "--secret", "t=x", "--vars-file", "v.env", "--color", "never", "-v"], .fast),
        (["run", "s.json", "--filter", "Pick/be", "--fail-fast", "--insecure", "--color=always"], .fast),
        (["run", "s.json", "--db", "h.sqlite", "--history-detail", "all", "--junit", "j.xml", "--report-json", "r.json",
          "--shard", "1/2", "--failed-first"], .fast),
        (["s.json", "--rerun-failed", "-q"], .fast),
        (["run", "s.json", "--repeat", "5", "--no-history"], .fast),
        (["run", "s.json", "-q", "--filter=x"], .fast),
        (["run", "s.json", "--var", "a=", "--secret=k=v w"], .fast),
        (["validate", "s.json"], .fast),
        (["validate", "a.json", "dir", "--var", "a=b", "--secret=t=x", "--vars-file", "v.env", "-q", "--color", "never"], .fast),
        (["validate", "s.json", "-v"], .fast),
        // Left to ArgumentParser: help, other commands, errors, anything the fast path does not read exactly.
        (["run", "s.json", "--jobs", "0"], .argumentParser),
        (["run", "s.json", "--timeout", "0"], .argumentParser),
        (["run", "s.json", "--repeat", "0"], .argumentParser),
        (["run", "s.json", "--repeat", "2", "--report-json", "r.json"], .argumentParser),
        (["run", "s.json", "--help"], .argumentParser),
        (["--version"], .argumentParser),
        (["-h"], .argumentParser),
        (["validate"], .argumentParser),
        (["validate", "s.json", "--jobs", "3"], .argumentParser),
        (["validate", "s.json", "--no-history"], .argumentParser),
        (["validate", "s.json", "--help"], .argumentParser),
        (["validate", "s.json", "--var", "novalue"], .argumentParser),
        (["history", "runs"], .argumentParser),
        (["s.json", "history"], .argumentParser),
        (["run"], .argumentParser),
        (["run", "s.json", "--bogus"], .argumentParser),
        (["run", "s.json", "-vq"], .argumentParser),
        (["run", "s.json", "--verbose=x"], .argumentParser),
        (["run", "s.json", "-j4"], .argumentParser),
        (["run", "s.json", "-j=4"], .argumentParser),
        (["run", "s.json", "--jobs"], .argumentParser),
        (["run", "s.json", "--jobs", "-1"], .argumentParser),
        (["run", "s.json", "--jobs", "four"], .argumentParser),
        (["run", "s.json", "--jobs", "4", "--jobs", "5"], .argumentParser),
        (["run", "s.json", "--quiet", "--quiet"], .argumentParser),
        (["run", "s.json", "--", "-x.json"], .argumentParser),
        (["run", "s.json", "--verbose", "--quiet"], .argumentParser),
        (["run", "s.json", "--no-history", "--rerun-failed"], .argumentParser),
        (["run", "s.json", "--filter", "(a"], .argumentParser),
        (["run", "s.json", "--color", "pink"], .argumentParser),
        (["run", "s.json", "--history-detail", "some"], .argumentParser),
        (["run", "s.json", "--shard", "3/2"], .argumentParser),
        (["run", "s.json", "--var", "novalue"], .argumentParser),
        (["run", "s.json", "--filter="], .argumentParser),
        (["run", "", "s.json"], .argumentParser),
        (["run", "s.json", "--generate-completion-script", "bash"], .argumentParser),
    ]

    @Test("the fast path reads a command line exactly as ArgumentParser does, or leaves it to ArgumentParser", arguments: table)
    func sameReading(_ arguments: [String], path: Path) async throws {
        let reading = try await Self.reading(arguments)
        switch path {
        case .fast:
            #expect(reading.fast != "none", "\(arguments)")
            #expect(reading.fast == reading.parser, "\(arguments)")
        case .argumentParser:
            #expect(reading.fast == "none", "\(arguments): \(reading.fast)")
        }
    }

    @Test("a usage error still comes from ArgumentParser: its message, the usage line, exit status 2", arguments: [
        (["run", "s.json", "--jobs", "0"], "Error: --jobs must be at least 1"),
        (["run", "s.json", "--verbose", "--quiet"], "Error: --verbose and --quiet cannot be used together"),
        (["run", "s.json", "--bogus"], "Error: Unknown option '--bogus'"),
        (["s.json", "--jobs", "four"], "Error: The value 'four' is invalid for '--jobs <jobs>'"),
        (["validate", "s.json", "--jobs", "3"], "Error: Unknown option '--jobs'"),
    ])
    func usageErrors(_ arguments: [String], message: String) async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        let output = try await AfrunProcess.run(arguments, in: folder.url)
        #expect(output.status == 2, "\(output.all)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        let command = arguments.first == "validate" ? "validate" : "run"
        #expect(output.stderr.contains("Usage: afrun \(command)"), "\(output.stderr)")
    }

    @Test("a run through the fast path behaves as before: a test that cannot connect errors, exit status 1")
    func fastRunReports() async throws {
        let folder = try SuiteFolder.withUnreachableTest()
        defer { folder.remove() }
        let fast = try await Self.reading(["run", "s.json", "--no-history", "--timeout", "5"])
        #expect(fast.fast != "none")
        let output = try await AfrunProcess.run(["run", "s.json", "--no-history", "--timeout", "5"], in: folder.url)
        #expect(output.status == 1, "\(output.all)")
        #expect(output.stdout.contains("0 passed, 0 failed, 1 errors, 0 skipped"), "\(output.stdout)")
    }
}
