import FixtureServer
import Foundation
import Testing

/// A shared-history URL that cannot be used is refused before the run, without its password: a run that went
/// on would record nowhere, not even into the spool.
@Suite struct HistoryURLFlagTests {
    @Test(
        "a malformed --db or AFRUN_DB postgres:// URL is a usage error naming what is wrong, password masked",
        arguments: [
            ("postgres://afrun:hunter22@127.0.0.1:1/h?sslmode=bogus", "sslmode 'bogus' is not one of"),
            ("postgres://afrun@127.0.0.1:1/h?password=hunter22", "write the password in the URL itself"),
        ]
    )
    func malformedURL(url: String, why: String) async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                #"{"name": "S", "baseURL": "\#(server.httpURL.absoluteString)", "tests": [{"name": "t", "request": {"url": "get"}}]}"#
            )
            for (arguments, environment) in [(["--db", url], [:]), ([], ["AFRUN_DB": url])] {
                let run = try await AfrunProcess.run(["s.json"] + arguments, in: folder.url, environment: environment)
                #expect(run.status == 64, "\(run.all)")
                #expect(run.stderr.contains(why) && !run.all.contains("hunter22"), "\(run.all)")
                #expect(!run.stdout.contains("PASS"), "the run did not start: \(run.all)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".afrun").path))
        }
    }
}
