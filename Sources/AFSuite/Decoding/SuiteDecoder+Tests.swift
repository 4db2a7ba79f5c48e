import Dispatch
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
        let chunks = min(testDecodingThreads, tests.count / (Self.parallelDecodingThreshold / 2))
        guard chunks > 1, tests.count >= Self.parallelDecodingThreshold, !pinsNeedOrder else {
            return decodeTests(tests, in: tests.indices)
        }
        let size = (tests.count + chunks - 1) / chunks
        var seed = self
        seed.diagnostics = []
        seed.templates = []
        seed.files = []
        seed.captureNames = [:]
        seed.rowNames = [:]
        let work = ChunkWork(tests: tests, seed: seed, chunks: chunks)
        defer { work.slots.deallocate() }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * size)..<min(work.tests.count, (chunk + 1) * size)
            var decoder = work.seed
            let decoded = decoder.decodeTests(work.tests, in: range)
            (work.slots.baseAddress! + chunk).initialize(to: ChunkOutput(tests: decoded, decoder: decoder))
        }
        let parts = Array(work.slots)
        work.slots.deinitialize()
        var out: [[TestCase]?] = []
        out.reserveCapacity(tests.count)
        for part in parts {
            out += part.tests
            diagnostics += part.decoder.diagnostics
            templates += part.decoder.templates
            files += part.decoder.files
            captureNames.merge(part.decoder.captureNames) { _, new in new }
            rowNames.merge(part.decoder.rowNames) { _, new in new }
            compiledQueries.merge(part.decoder.compiledQueries) { old, _ in old }
        }
        return out
    }

    /// What one chunk decoded, and the decoder copy that holds its records.
    struct ChunkOutput {
        var tests: [[TestCase]?]
        var decoder: SuiteDecoder
    }

    /// The inputs and result slots of the chunks.
    ///
    /// `@unchecked Sendable`: the inputs are immutable, and `DispatchQueue.concurrentPerform` guards the
    /// slots: iteration `i` initializes only slot `i`, and the caller reads them after every iteration returned.
    final class ChunkWork: @unchecked Sendable {
        let tests: [SuiteNode]
        let seed: SuiteDecoder
        let slots: UnsafeMutableBufferPointer<ChunkOutput>

        init(tests: [SuiteNode], seed: SuiteDecoder, chunks: Int) {
            self.tests = tests
            self.seed = seed
            slots = .allocate(capacity: chunks)
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
