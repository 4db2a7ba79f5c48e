import AFReports
import AFRunner
import AFSuite
import ArgumentParser
import Dispatch
import Foundation

extension RunCommand {
    /// `--watch`: a first run of everything, then, after each change under the paths, a run of the suites it
    /// touches, until SIGINT or SIGTERM (exit 128 + the signal).
    func watch(
        early: EarlyStart,
        defined: VariableOptions.Resolved,
        gitHub: GitHubActionsReporter?,
        console: Console
    ) async throws {
        let watcher: SuiteFileWatcher
        do { watcher = try SuiteFileWatcher() } catch {
            console.err("error: --watch: \(error)")
            throw ExitCode(ExitStatus.notLoadedOrWritten)
        }
        // Between runs a signal ends the wait; during a run the run's own trap interrupts the run (and so the
        // watch) too. Both listen through dispatch sources, which libdispatch serves side by side.
        SignalTrap.defaultActionsOff
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { watcher.interrupt(number) }
            source.resume()
            return source
        }
        defer { for source in sources { source.cancel() } }
        let html = reports.html.map { HTMLReporter(path: $0) }
        let ownOutputs = Set(
            [reports.junit, reports.reportJSON, reports.html, reports.databasePath].compactMap { $0 }.flatMap {
                let path = URL(fileURLWithPath: $0).standardizedFileURL.path
                return [path, path + "-wal", path + "-shm", path + "-journal"]
            }
        )
        var changed: Set<String>?
        var first = true
        while true {
            let loaded = await load(defined: defined, console: console)
            try watcher.watch(
                SuiteFileWatcher.folders(for: paths)
                    .union(loaded.suites.flatMap { $0.fragmentFiles.map { $0.deletingLastPathComponent().path } })
            )
            let chosen = changed.map { Self.suites(in: loaded, touchedBy: $0) } ?? loaded.suites
            let loadFailures = loaded.errors.map(SuiteLoadFailure.init)
            gitHub?.suitesDidNotLoad(loadFailures)
            html?.loadFailures = loadFailures
            if loaded.suites.isEmpty && loaded.errors.isEmpty {
                console.err(Self.noSuiteFound(under: paths))
            } else if !loaded.errors.isEmpty {
                console.err(Self.problems(loaded.errors.count))
            }
            if !chosen.isEmpty {
                do {
                    _ = try await runOnce(
                        suites: chosen,
                        options: try runOptions(for: chosen, defined: defined, console: console),
                        early: early,
                        first: first,
                        gitHub: gitHub,
                        html: html,
                        loadFailures: loadFailures,
                        console: console
                    )
                    first = false
                } catch let exit as ExitCode where exit.rawValue == ExitStatus.noTestSelected {
                    // Reported by the run; the next change may select something.
                }
            }
            console.err(
                "watching \(watcher.folderCount) folder\(watcher.folderCount == 1 ? "" : "s") for changes; Ctrl-C to stop"
            )
            console.flush()
            var files: Set<String> = []
            while files.isEmpty {
                let event = await Self.next(from: watcher)
                switch event {
                case .interrupted(let number): throw ExitCode(128 + number)
                case .changed(let paths): files = paths.filter { Self.isWorthARun($0) && !ownOutputs.contains($0) }
                }
            }
            changed = files
            console.out("\n" + Self.changeLine(files))
        }
    }

    /// The next change, waited for on a thread of its own (the wait blocks in `poll`).
    private static func next(from watcher: SuiteFileWatcher) async -> SuiteFileWatcher.Event {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: watcher.next()) }
        }
    }

    /// The suites a change to `files` touches: a suite whose file changed, one whose `$ref`s lead to a changed
    /// file, and, for a change to any other file (a body, a data file), every suite.
    static func suites(in loaded: SuiteLoader.Result, touchedBy files: Set<String>) -> [Suite] {
        let suiteFiles = Set(loaded.files.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        let fragments = Set(loaded.suites.flatMap { $0.fragmentFiles.map(\.path) })
        if files.contains(where: { !suiteFiles.contains($0) && !fragments.contains($0) }) { return loaded.suites }
        return loaded.suites.filter { suite in
            files.contains(suite.file.standardizedFileURL.path)
                || suite.fragmentFiles.contains { files.contains($0.path) }
        }
    }

    /// Whether a changed file can change a run: editors' swap and backup files (`.x.swp`, `x~`, vim's `4913`)
    /// cannot.
    static func isWorthARun(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return !name.hasPrefix(".") && !name.hasSuffix("~") && name != "4913"
    }

    /// `changed: a.json, b.json` (at most three names, then how many more).
    static func changeLine(_ files: Set<String>) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let names = files.sorted().map { $0.hasPrefix(cwd) ? String($0.dropFirst(cwd.count)) : $0 }
        let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        return "changed: " + TerminalText.visible(shown)
    }
}
