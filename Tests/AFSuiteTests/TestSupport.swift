import Foundation

@testable import AFSuite

/// Paths of the repository's fixtures, found from this file's place.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let valid = root.appendingPathComponent("fixtures/suites-valid")
    static let invalid = root.appendingPathComponent("fixtures/suites-invalid")
}

/// Loads `json` as if it were the file `name` in `folder` (the valid fixtures folder by default,
/// so `_data/upload.txt` and `../tls/…` resolve).
func load(
    _ json: String,
    name: String = "inline.json",
    folder: URL = Fixtures.valid,
    known: Set<String> = [],
    environment: [String: String] = [:]
) -> Result<Suite, SuiteLoader.FileErrors> {
    SuiteLoader(environment: environment).loadFile(
        folder.appendingPathComponent(name),
        displayPath: name,
        data: Data(json.utf8),
        knownVariables: known
    )
}

/// The diagnostics of a suite that must not load.
func diagnostics(_ json: String, known: Set<String> = [], folder: URL = Fixtures.valid) -> [SuiteError] {
    switch load(json, folder: folder, known: known) {
    case .success: []
    case .failure(let f): f.errors
    }
}

/// Line and column (1-based, in characters) of the first occurrence of `marker` in `text`.
func position(of marker: String, in text: String) -> (line: Int, column: Int)? {
    guard let range = text.range(of: marker) else { return nil }
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (line, before.distance(from: lineStart, to: before.endIndex) + 1)
}

/// A temporary folder removed after `body`.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("afsuite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

extension URL {
    /// Writes `text` at `relative` below this folder, creating folders.
    func write(_ text: String, to relative: String) throws {
        let file = appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
