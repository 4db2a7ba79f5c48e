import Foundation

/// Renders pages in Debian's `chromium` (installed by `ci/install-deps.sh`) and checks them with
/// `xmllint`, for the HTML report tests.
public enum HeadlessBrowser {
    /// The browser, when installed.
    public static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The DOM after the page's scripts ran, as Chromium serializes it (`--dump-dom`).
    public static func dumpDOM(_ file: URL) async throws -> String {
        try await String(decoding: chromiumRun(["--dump-dom"], file), as: UTF8.self)
    }

    /// A PNG screenshot of the page, `width` × `height` pixels.
    public static func screenshot(_ file: URL, to png: URL, width: Int = 1280, height: Int = 1800) async throws {
        _ = try await chromiumRun(
            ["--screenshot=\(png.path)", "--window-size=\(width),\(height)", "--hide-scrollbars"],
            file
        )
    }

    /// `xmllint --html --noout`'s complaints about the file (empty when it parses cleanly): mismatched or
    /// unclosed tags, bad attributes, bad entities. libxml2's HTML parser knows HTML 4's elements only, so its
    /// "Tag main invalid" notice for an HTML 5 element (`main`, `section`, `svg`, `details`…) is left out;
    /// every other message counts.
    public static func htmlProblems(_ file: URL) async throws -> String {
        let (_, errors, status) = try await execute("/usr/bin/xmllint", ["--html", "--noout", file.path])
        // Each message is three lines: the message, the source line, a caret under the place.
        let lines = String(decoding: errors, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var kept: [Substring] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.contains("HTML parser error : Tag "), line.hasSuffix(" invalid") {
                index += 3
                continue
            }
            if !line.isEmpty { kept.append(line) }
            index += 1
        }
        return (status == 0 ? "" : "xmllint exited \(status)\n") + kept.joined(separator: "\n")
    }

    private static func chromiumRun(_ arguments: [String], _ file: URL) async throws -> Data {
        guard let chromium else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "chromium: run ci/install-deps.sh"])
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)",
        ]
        let (output, errors, status) = try await execute(chromium, common + arguments + [file.absoluteString])
        guard status == 0 else {
            throw CocoaError(
                .fileReadUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey: "chromium exited \(status): \(String(decoding: errors, as: UTF8.self))"
                ]
            )
        }
        return output
    }

    private static func execute(_ path: String, _ arguments: [String]) async throws -> (Data, Data, Int32) {
        // ChildProcess (posix_spawn), not Foundation's Process: Process.run was seen to overread a buffer
        // and crash the test process under parallel tests.
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: the browser writes more than a pipe holds before it exits.
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        await process.waitUntilExit()
        return (try Data(contentsOf: out), try Data(contentsOf: err), process.terminationStatus)
    }
}
