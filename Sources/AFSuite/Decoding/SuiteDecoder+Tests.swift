import Dispatch
import Foundation
import JSONPath

extension SuiteDecoder {
    /// Below this many tests the array is decoded in order on the caller's thread: splitting costs
    /// more than it saves.
    static let parallelDecodingThreshold = 128

    /// Decodes every test of `tests` (nil where a test has an error), in chunks on up to
    /// `testDecodingThreads` threads when the array is long.
    ///
    /// Tests decode independently: each chunk works on a copy of this decoder, and the copies'
    /// diagnostics, templates, files, capture names and compiled queries are appended back in chunk
    /// order, so the outcome (and the order of problems) is the same as decoding in order. A default
    /// pinning problem is reported once per suite, which needs the shared flag: such suites decode in order.
    mutating func decodeTests(_ tests: [SuiteNode]) -> [[TestCase]?] {
        let pinsNeedOrder = defaultTLS?.pinning.map { $0 != "none" } ?? false
        guard tests.count >= Self.parallelDecodingThreshold, !pinsNeedOrder else { return decodeTests(tests, in: tests.indices) }
        let threads = testDecodingThreads ?? min(4, ProcessInfo.processInfo.activeProcessorCount)
        let chunks = min(threads, tests.count / (Self.parallelDecodingThreshold / 2))
        guard chunks > 1 else { return decodeTests(tests, in: tests.indices) }
        let size = (tests.count + chunks - 1) / chunks
        var seed = self
        seed.diagnostics = []
        seed.templates = []
        seed.files = []
        seed.captureNames = [:]
        seed.rowNames = [:]
        let work = ChunkWork(tests: tests, seed: seed, chunks: chunks)
        defer {
            work.slots.deallocate()
            work.results.deallocate()
        }
        // Each chunk initializes its own range of `results` and its own slot; the tests are then moved
        // (not copied: a copy retains every field of a large value) into the array returned.
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * size)..<min(work.tests.count, (chunk + 1) * size)
            var decoder = work.seed
            for index in range {
                decoder.scope = .test(index)
                (work.results.baseAddress! + index).initialize(to: decoder.decodeTest(work.tests[index]))
            }
            decoder.scope = .suite
            (work.slots.baseAddress! + chunk).initialize(to: decoder)
        }
        let out = [[TestCase]?](unsafeUninitializedCapacity: tests.count) { buffer, count in
            buffer.baseAddress!.moveInitialize(from: work.results.baseAddress!, count: tests.count)
            count = tests.count
        }
        for chunk in 0..<chunks {
            let part = (work.slots.baseAddress! + chunk).move()
            diagnostics += part.diagnostics
            templates += part.templates
            files += part.files
            captureNames.merge(part.captureNames) { _, new in new }
            rowNames.merge(part.rowNames) { _, new in new }
            compiledQueries.merge(part.compiledQueries) { old, _ in old }
        }
        return out
    }

    /// The inputs, the decoded tests and the chunks' decoders.
    ///
    /// `@unchecked Sendable`: the inputs are immutable, and `DispatchQueue.concurrentPerform` guards the
    /// outputs: iteration `i` initializes only slot `i` and only the results of its own range of tests, and
    /// the caller reads them after every iteration returned.
    final class ChunkWork: @unchecked Sendable {
        let tests: [SuiteNode]
        let seed: SuiteDecoder
        /// One decoder per chunk, holding that chunk's records (diagnostics, templates…).
        let slots: UnsafeMutableBufferPointer<SuiteDecoder>
        /// The tests one element of `tests` decoded to (one per data row; nil for a test with an error).
        let results: UnsafeMutableBufferPointer<[TestCase]?>

        init(tests: [SuiteNode], seed: SuiteDecoder, chunks: Int) {
            self.tests = tests
            self.seed = seed
            slots = .allocate(capacity: chunks)
            results = .allocate(capacity: tests.count)
        }
    }

    /// Decodes `tests[range]` in order, each in its own variable scope.
    private mutating func decodeTests(_ tests: [SuiteNode], in range: Range<Int>) -> [[TestCase]?] {
        var out: [[TestCase]?] = []
        out.reserveCapacity(range.count)
        for index in range {
            scope = .test(index)
            out.append(decodeTest(tests[index]))
        }
        scope = .suite
        return out
    }
}
