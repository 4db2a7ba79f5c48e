import Foundation
import Testing

/// A report that cannot be written: the message names the flag that asked for it and the file, and the run
/// exits 2 after running.
@Suite("Reports that cannot be written")
struct ReportWriteErrorTests {
    @Test("each message names its flag, the file and the OS error")
    func messageNamesTheFlag() async throws {
        try await withPlainFixture { folder, server in
            try folder.write(
                "s.json",
                """
                {"name": "s", "baseURL": "\(server.httpURL.absoluteString)", "tests": [
                  {"name": "get", "request": {"url": "get"}, "expect": {"status": 200}}
                ]}
                """
            )
            try folder.write("file", "not a folder")
            let output = try await AfrunProcess.run(
                [
                    "s.json", "--no-history", "--junit", "file/j.xml", "--report-json", "file/r.json", "--html",
                    "file/r.html",
                ],
                in: folder.url
            )
            #expect(output.status == 2, "\(output.all)")
            for (flag, name) in [("--junit", "j.xml"), ("--report-json", "r.json"), ("--html", "r.html")] {
                #expect(
                    output.stderr.contains("error: \(flag): cannot write the report 'file/\(name)': Not a directory"),
                    "\(output.stderr)"
                )
            }
            #expect(!output.stderr.contains("Reporter"), "\(output.stderr)")
        }
    }
}
