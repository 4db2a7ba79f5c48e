import AFReports
import AFRunner
import Foundation
import Testing

/// Where a report lands when its path is a link or a pipe: the file or pipe the user named, never a regular
/// file put in its place.
@Suite("Report paths that are links or pipes")
struct ReportFileTests {
    @Test(
        "a symbolic link is followed: the file it names gets the report and the link stays",
        arguments: [false, true]
    )
    func symbolicLink(targetExists: Bool) async throws {
        let path = ReportFixtures.temporaryFile("link.xml")
        defer { ReportFixtures.removeTemporaryFile(path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let target = folder.appendingPathComponent("real/junit.xml")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        if targetExists { try Data("old".utf8).write(to: target) }
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "real/junit.xml")
        try await ReportFixtures.feed(JUnitReporter(path: path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "real/junit.xml")
        let xml = try String(contentsOf: target, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<testsuites>"))
    }

    @Test("a FIFO is written in place and stays a FIFO")
    func fifo() async throws {
        let path = ReportFixtures.temporaryFile("report.json")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        #expect(mkfifo(path, 0o600) == 0)
        // The reader is open first (without blocking), so the report's open finds one; the pipe's buffer holds
        // the whole small report.
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        try await ReportFixtures.feed(JSONReporter(path: path))
        var bytes = [UInt8](repeating: 0, count: 65_536)
        let count = read(reader, &bytes, bytes.count)
        let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        #expect(text.contains("\"format\" : \"afrun-report\""), "\(text.prefix(200))")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a FIFO nobody reads fails at once with the OS error instead of waiting")
    func fifoWithoutReader() async throws {
        let path = ReportFixtures.temporaryFile("junit.xml")
        defer { ReportFixtures.removeTemporaryFile(path) }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        #expect(mkfifo(path, 0o600) == 0)
        await #expect(throws: ReportError.cannotWrite(path: path, reason: "No such device or address")) {
            try await ReportFixtures.feed(JUnitReporter(path: path))
        }
    }
}
