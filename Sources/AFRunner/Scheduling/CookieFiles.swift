import AFSession
import AFSuite
import Foundation
import Locking

/// Cookie files of a run: `--cookie-jar FILE` (read before the run into every suite's store, written after it
/// with every suite's cookies) and a suite's `"cookies": {"file": …}` (read before that suite, written after
/// it, in place of the run's jar). Files are in the Netscape format, read and written by libcurl as curl's
/// `-b` and `-c` do.
final class CookieFiles: Sendable {
    /// The run's jar file and its cookies (the file's, then each suite's merged in as it ends).
    private let jar: (file: URL, store: CookieStore)?
    /// The jar file's cookies as it was read, copied into each suite's store.
    private let initialLines: [String]
    /// Files that could not be read or written, as messages.
    private let problems = LockedValue<[String]>([])
    /// Files that could not be read: never written, so that what they hold (a suite named by mistake) stays.
    private let unread = LockedValue<Set<URL>>([])

    init(jar file: URL?) {
        guard let file else {
            jar = nil
            initialLines = []
            return
        }
        let store = CookieStore()
        do { try store.load(contentsOf: file) } catch {
            problems.withLock { $0.append(error.description) }
            unread.withLock { _ = $0.insert(file) }
        }
        jar = (file, store)
        initialLines = store.netscapeLines
    }

    /// The suite's own cookie file, resolved.
    private func suiteFile(_ suite: Suite) -> URL? {
        suite.cookieFile.map { Suite.resolve($0, in: suite.directory) }
    }

    /// Fills a suite's store before its first test: from its own file, else from the run's jar.
    func prepare(_ store: CookieStore?, for suite: Suite) {
        guard let store else { return }
        if let file = suiteFile(suite) {
            do { try store.load(contentsOf: file) } catch {
                problems.withLock { $0.append(error.description) }
                unread.withLock { _ = $0.insert(file) }
            }
        } else {
            store.add(netscapeLines: initialLines)
        }
    }

    /// Keeps a suite's cookies after its last test: in its own file, else in the run's jar.
    func finish(_ store: CookieStore?, for suite: Suite) {
        guard let store else { return }
        if let file = suiteFile(suite) {
            guard !unread.withLock({ $0.contains(file) }) else { return }
            do { try store.save(to: file) } catch { problems.withLock { $0.append(error.description) } }
        } else if let jar {
            jar.store.add(netscapeLines: store.netscapeLines)
        }
    }

    /// Writes the run's jar; returns every problem of the run's cookie files.
    func finishRun() -> [String] {
        if let jar, !unread.withLock({ $0.contains(jar.file) }) {
            do { try jar.store.save(to: jar.file) } catch { problems.withLock { $0.append(error.description) } }
        }
        return problems.withLock { $0 }
    }
}
