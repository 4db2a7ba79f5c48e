import Foundation
import TestSupport
import Testing

/// A run outside CI takes its commit and branch from the checkout it starts in: loose refs, packed refs
/// and a detached HEAD, read without a `git` process (the test uses git only to make the checkout).
@Suite(.serialized) struct GitCheckoutTests {
    /// CI variables set to empty count as unset, so the checkout is what is read even on a CI machine.
    static let noCI = [
        "GITHUB_SHA": "", "GITHUB_REF_NAME": "", "CI_COMMIT_SHA": "", "CI_COMMIT_REF_NAME": "",
        "GIT_COMMIT": "", "GIT_BRANCH": "",
    ]

    @Test("commit and branch come from the checkout: loose ref, packed ref, detached HEAD")
    func runRecordsTheCheckout() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "suites/s.json",
                """
                {"name": "Git", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "ok", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            try await Self.git(["init", "-q", "-b", "trunk"], in: folder.url)
            try await Self.git(["add", "suites"], in: folder.url)
            try await Self.git(
                ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "one"],
                in: folder.url
            )
            let head = try await Self.git(["rev-parse", "HEAD"], in: folder.url)
            #expect(head.count == 40)

            // Started in a subfolder: the checkout is found upwards.
            let suites = folder.url.appendingPathComponent("suites")
            #expect(try await Self.recordedRun(in: suites) == [head, "trunk"])
            try await Self.git(["pack-refs", "--all"], in: folder.url)
            #expect(
                !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".git/refs/heads/trunk").path)
            )
            #expect(try await Self.recordedRun(in: suites) == [head, "trunk"])
            try await Self.git(["checkout", "-q", "--detach"], in: folder.url)
            #expect(try await Self.recordedRun(in: suites) == [head, ""])
        }
    }

    /// Runs the suite with history in `directory` and returns the newest run's commit and branch.
    static func recordedRun(in directory: URL) async throws -> [String] {
        let output = try await AfrunProcess.run(["s.json", "--db", "../h.sqlite"], in: directory, environment: noCI)
        #expect(output.status == 0, "\(output.all)")
        let runs = try await AfrunProcess.run(
            ["history", "runs", "--db", "../h.sqlite", "--format", "json"],
            in: directory
        )
        let records = try #require(try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [[String: Any]])
        let run = try #require(records.first, "\(runs.all)")
        return [run["gitCommit"] as? String ?? "", run["gitBranch"] as? String ?? ""]
    }

    /// Runs git and returns its trimmed standard output.
    @discardableResult
    static func git(_ arguments: [String], in directory: URL) async throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let (status, output) = try await process.output()
        #expect(status == 0, "git \(arguments.joined(separator: " ")) failed")
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
