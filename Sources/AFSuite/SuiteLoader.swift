import Foundation
import JSONPath
import Locking

/// Finds and loads suite files: every `*.json` under the given paths (folders walked recursively,
/// sorted; `_data` and dot-folders skipped), each decoded and validated.
///
/// Nothing is sent and nothing is thrown: every problem of every file is collected in one pass.
public struct SuiteLoader: Sendable {
    /// The environment used to resolve `{{env.NAME}}` and `{"env": …}` variables in file paths.
    public var environment: [String: String]
    /// Remote schema documents fetched so far, for suites with `"allowRemoteRefs": true` in `defaults`.
    public var remoteDocuments = RemoteDocuments()

    /// Creates a loader.
    /// - Parameter environment: the environment for resolving file paths (the process's by default).
    public init(environment: [String: String] = ProcessEnvironment.all) {
        self.environment = environment
    }

    /// What loading produced: the suites that loaded, and every problem found (all in one pass).
    public struct Result: Sendable {
        /// Suites that loaded without error.
        public var suites: [Suite]
        /// Problems, in file order (and by position inside a file); a suite with any is not in `suites`.
        public var errors: [SuiteError]
        /// Every suite file found, in load order, whether or not it loaded.
        public var files: [String] = []
        /// Paths the folder walk skipped: dangling symbolic links and links that loop.
        public var warnings: [DiscoveryWarning] = []
        /// Remote (`http`/`https`) documents that schemas of suites allowing remote references need and
        /// `remoteDocuments` lacks: fetch them into `remoteDocuments` and load again.
        public var remoteReferences: Set<String> = []
    }

    /// Loads every suite under `paths`.
    /// - Parameters:
    ///   - paths: files and folders; folders are walked recursively.
    ///   - knownVariables: names defined outside the suites (`--var`, `--secret`), so that
    ///     undefined-variable checks can see them.
    /// - Returns: the suites that loaded and every problem.
    public func load(paths: [String], knownVariables: Set<String> = []) -> Result {
        var result = Result(suites: [], errors: [])
        let (files, walkErrors, warnings) = SuiteFileFinder.find(paths)
        result.errors = walkErrors
        result.warnings = warnings
        let remoteAsked = LockedValue<Set<String>>([])
        for file in files {
            result.files.append(file.displayPath)
            let loaded = loadFile(
                file.url,
                displayPath: file.displayPath,
                knownVariables: knownVariables,
                remoteAsked: remoteAsked
            )
            switch loaded {
            case .success(let suite): result.suites.append(suite)
            case .failure(let errors): result.errors += errors.errors
            }
        }
        result.remoteReferences = remoteAsked.withLock { $0 }
        return result
    }

    /// The problems of one file, as an `Error` for `Swift.Result`.
    struct FileErrors: Error {
        var errors: [SuiteError]
    }

    /// Loads one suite file from `data` (exposed for tests and the fuzzer: no file system needed
    /// apart from the existence checks of the files it names).
    func loadFile(
        _ url: URL,
        displayPath: String,
        data: Data? = nil,
        knownVariables: Set<String>,
        remoteAsked: LockedValue<Set<String>> = LockedValue([])
    ) -> Swift.Result<Suite, FileErrors> {
        // Bytes, not `Data`: the source index shares them, so the file is held once while the suite decodes.
        let bytes: [UInt8]
        if let data {
            bytes = [UInt8](data)
        } else if let problem = SuiteFileFinder.notRegularFileProblem(url.path) {
            return .failure(FileErrors(errors: [.unreadable(path: displayPath, reason: problem)]))
        } else {
            switch SuiteFileFinder.readBytes(url.path) {
            case .success(let read): bytes = read
            case .failure(let problem):
                return .failure(
                    FileErrors(errors: [
                        .unreadable(path: displayPath, reason: "cannot read the file: \(problem.message)")
                    ])
                )
            }
        }
        // Validated whole, built in pieces: each test is parsed on its own while it is checked, and again when
        // it is run, so the suite holds the file and an outline per test, not a tree of every value.
        let document: JSONSplitDocument
        do {
            document = try JSONSplitDocument(parsing: bytes, splittingArrayMember: "tests")
        } catch {
            let location = SourceLocation(file: displayPath, line: error.line, column: error.column, pointer: "")
            return .failure(
                FileErrors(errors: [
                    .invalid(
                        SuiteDiagnostic(location: location, reason: .syntax(message: error.message, kind: error.kind))
                    )
                ])
            )
        }
        var decoder = SuiteDecoder(file: url, displayPath: displayPath, index: document.index)
        decoder.remoteDocuments = remoteDocuments
        decoder.remoteAsked = remoteAsked
        decoder.knownVariables = knownVariables
        decoder.environment = environment
        // `#/…` references inside the suite lead to the file itself, parsed whole only if one is followed.
        decoder.suiteBytes = bytes
        var suite = decoder.decodeSuite(
            SuiteNode(root: document.root, tree: SuiteTree(index: document.index, file: url, displayPath: displayPath)),
            document: document
        )
        // The parser saw every object; the byte scan that names the repeats runs only when one has one.
        if document.index.hasDuplicateKeys || decoder.testsRepeatKeys {
            for duplicate in DuplicateKeyScanner.scan(bytes) {
                let location = SourceLocation(
                    file: displayPath,
                    line: duplicate.line,
                    column: duplicate.column,
                    pointer: duplicate.pointer
                )
                decoder.report(.duplicateKey(key: duplicate.key, firstLine: duplicate.firstLine), at: location)
            }
        }
        suite?.fragmentFiles = decoder.fragmentOrder
        guard let suite, decoder.diagnostics.isEmpty else {
            return .failure(FileErrors(errors: Self.sorted(decoder.diagnostics, suiteFile: displayPath)))
        }
        return .success(suite)
    }

    /// The suite file's problems first, then each shared fragment's (by path); in a file by line, then
    /// column; the decoder's order breaks ties so related problems stay together. A problem in a fragment
    /// that several `$ref`s lead to is reported once, with the first chain that found it.
    static func sorted(_ errors: [SuiteError], suiteFile: String = "") -> [SuiteError] {
        var seen = Set<SuiteError>()
        let unique = errors.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { a, b in
            let la = a.element.location
            let lb = b.element.location
            let fa = la.map { $0.file == suiteFile ? "" : $0.file } ?? ""
            let fb = lb.map { $0.file == suiteFile ? "" : $0.file } ?? ""
            if fa != fb { return fa < fb }
            let ka = (la?.line ?? 0, la?.column ?? 0, a.offset)
            let kb = (lb?.line ?? 0, lb?.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
    }
}
