import Foundation
import TestSupport

/// Runs the `curl` command-line client against the fixture server and captures what it saw.
struct Curl {
    /// What one curl run produced.
    struct Result {
        var exitCode: Int32
        /// The last response's status (0 when there was none).
        var status: Int
        /// `1.1` or `2` as curl reports it.
        var httpVersion: String
        var redirects: Int
        /// Header lines of every response received, lowercased names.
        var headers: [(name: String, value: String)]
        var body: Data
        var stderr: String

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The last value of a header field.
        func header(_ name: String) -> String? { headers.last { $0.name == name.lowercased() }?.value }

        /// The body as a JSON object.
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw CurlError.notJSONObject(text)
            }
            return object
        }
    }

    enum CurlError: Error { case notJSONObject(String) }

    /// The package's `fixtures/tls` folder.
    static let tlsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/tls")

    /// `--cacert` with the fixtures' root CA (never `-k`).
    static var trustFixtures: [String] { ["--cacert", tlsDirectory.appendingPathComponent("ca-bundle.pem").path] }

    /// Runs curl with exactly `arguments`; returns its exit code, standard output and standard error.
    static func execute(_ arguments: [String]) async throws -> (exitCode: Int32, stdout: String, stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        for file in [outFile, errorFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "--max-time", "60"] + arguments
        let outHandle = try FileHandle(forWritingTo: outFile)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = outHandle
        process.standardError = errorHandle
        try process.run()
        await process.waitUntilExit()
        let exitCode = process.terminationStatus
        try? outHandle.close()
        try? errorHandle.close()
        return (
            exitCode, (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
            (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        )
    }

    /// Runs curl with `arguments` plus options that capture the head, body and a summary.
    static func run(_ arguments: [String]) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let headFile = folder.appendingPathComponent("head")
        let bodyFile = folder.appendingPathComponent("body")
        let summaryFile = folder.appendingPathComponent("summary")
        let errorFile = folder.appendingPathComponent("stderr")
        for file in [headFile, bodyFile, summaryFile, errorFile] {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        }

        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments =
            [
                "-sS", "--max-time", "30", "-D", headFile.path, "-o", bodyFile.path,
                "-w", "%{http_code} %{http_version} %{num_redirects}",
            ] + arguments
        let summaryHandle = try FileHandle(forWritingTo: summaryFile)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = summaryHandle
        process.standardError = errorHandle
        try process.run()
        await process.waitUntilExit()
        let exitCode = process.terminationStatus
        try? summaryHandle.close()
        try? errorHandle.close()
        let summary = (try? String(contentsOf: summaryFile, encoding: .utf8))?.split(separator: " ") ?? []
        let headText = (try? String(contentsOf: headFile, encoding: .utf8)) ?? ""
        let headers: [(name: String, value: String)] = headText.components(separatedBy: "\r\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("HTTP/") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Result(
            exitCode: exitCode,
            status: summary.first.flatMap { Int($0) } ?? 0,
            httpVersion: summary.count > 1 ? String(summary[1]) : "",
            redirects: summary.count > 2 ? Int(summary[2]) ?? 0 : 0,
            headers: headers,
            body: (try? Data(contentsOf: bodyFile)) ?? Data(),
            stderr: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        )
    }
}
