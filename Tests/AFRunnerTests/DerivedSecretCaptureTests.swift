import AFRunner
import FixtureServer
import Foundation
import Testing

/// A capture whose filters turn a secret into another text (`uppercase`, `base64Encode`) holds a secret too:
/// masked in its own result and wherever a later test shows it.
@Suite struct DerivedSecretCaptureTests {
    @Test func aValueFilteredFromASecretIsMasked() async throws {
        try await withFixtureServer { server in
            let results = try await SuiteTextRun.results(
                """
                {"name": "Derived", "baseURL": "{{env.FIXTURES}}",
                 "variables": {"pin": {"value": "hunter2hunter2", "secret": true}},
                 "tests": [
                   {"name": "take", "request": {"url": "anything", "query": {"q": "{{pin}}", "plain": "visible-text"}},
                    "capture": {"loud": {"json": "$.args.q", "filters": ["uppercase"]},
                                "b64": {"json": "$.args.q", "filters": ["base64Encode"]},
                                "other": {"json": "$.args.plain", "filters": ["uppercase"]}},
                    "expect": {"captures": {"loud": {"equals": "no"}, "b64": {"equals": "no"}, "other": {"equals": "no"}}}},
                   {"name": "use", "request": {"url": "anything", "query": {"x": "{{loud}}"}},
                    "expect": {"json": [{"path": "$.args.x", "equals": "no"}]}}
                 ]}
                """,
                on: server
            )
            let take = try #require(results.first)
            let shown = take.assertions.map { "\($0.message) \($0.actual ?? "")" }.joined(separator: "\n")
            #expect(!shown.contains("HUNTER2HUNTER2"), "\(shown)")
            #expect(!shown.contains("aHVudGVyMmh1bnRlcjI="), "\(shown)")
            // A value derived from no secret is shown as it is.
            #expect(shown.contains("VISIBLE-TEXT"), "\(shown)")
        }
    }

    @Test func aLaterTestShowsTheDerivedValueMasked() async throws {
        try await withFixtureServer { server in
            let results = try await SuiteTextRun.results(
                """
                {"name": "Derived", "baseURL": "{{env.FIXTURES}}",
                 "variables": {"pin": {"value": "hunter2hunter2", "secret": true}},
                 "tests": [
                   {"name": "take", "request": {"url": "anything", "query": {"q": "{{pin}}"}},
                    "capture": {"loud": {"json": "$.args.q", "filters": ["uppercase"]}}},
                   {"name": "use", "request": {"url": "anything", "query": {"x": "{{loud}}"}},
                    "expect": {"json": [{"path": "$.args.x", "equals": "no"}]}}
                 ]}
                """,
                on: server
            )
            let use = try #require(results.last)
            #expect(use.status == .failed)
            let shown =
                use.assertions.map { "\($0.message) \($0.actual ?? "")" }.joined(separator: "\n")
                + (use.request?.url ?? "") + (use.response?.bodyExcerpt ?? "")
            #expect(!shown.contains("HUNTER2HUNTER2"), "\(shown)")
            #expect(shown.contains("***"), "\(shown)")
        }
    }
}
