/// A suite's tests, in file order.
///
/// A suite built in code holds its tests; a loaded suite decodes each test from its file when it is read, so a
/// run holds the tests in flight, not every test of a large suite (the load checked them all). What the runner
/// reads of every test before it runs (names, tags, lines, whether a test captures secrets or has its own
/// credentials) is in each test's ``TestOutline``, read without decoding.
public struct TestList: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    private enum Storage: Sendable {
        case decoded([TestCase])
        /// `order`: positions in the source, when the tests were reordered.
        case source(TestSource, order: [Int32]?)
    }

    private var storage: Storage

    /// Tests held as given.
    public init(_ tests: [TestCase] = []) {
        storage = .decoded(tests)
    }

    public init(arrayLiteral tests: TestCase...) {
        storage = .decoded(tests)
    }

    init(source: TestSource) {
        storage = .source(source, order: nil)
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .decoded(let tests): tests.count
        case .source(let source, let order): order?.count ?? source.count
        }
    }

    /// Test `position` (decoded now for a loaded suite: read it once where it is used).
    public subscript(position: Int) -> TestCase {
        switch storage {
        case .decoded(let tests): tests[position]
        case .source(let source, let order): source.test(at: order.map { Int($0[position]) } ?? position)
        }
    }

    /// The outline of test `position`, without decoding the test.
    public func outline(at position: Int) -> TestOutline {
        switch storage {
        case .decoded(let tests): TestOutline(tests[position])
        case .source(let source, let order): source.outlines[order.map { Int($0[position]) } ?? position]
        }
    }

    /// The outlines of every test, in order.
    public var outlines: [TestOutline] { indices.map(outline(at:)) }

    /// The positions of the tests that have any of `features`, in order, read from their outlines.
    public func positions(having features: TestFeatures) -> [Int] {
        indices.filter { !outline(at: $0).features.isDisjoint(with: features) }
    }

    /// The same tests in the order of `positions` (each a position in this list; a test left out is dropped).
    public func reordered(_ positions: [Int]) -> TestList {
        switch storage {
        case .decoded(let tests): return TestList(positions.map { tests[$0] })
        case .source(let source, let order):
            var copy = self
            copy.storage = .source(source, order: positions.map { order?[$0] ?? Int32(truncatingIfNeeded: $0) })
            return copy
        }
    }
}

/// What the runner reads of a test before running it, kept for every test of a loaded suite instead of its model.
public struct TestOutline: Sendable {
    /// The test's name.
    public var name: String
    /// The line the test starts on.
    public var line: Int
    /// The test's tags (its suite's, then its own).
    public var tags: [String]
    /// What the test has that some check before the run looks for.
    public var features: TestFeatures

    /// The outline of `test`; `suiteTags` is shared when the test's tags are its suite's (one array for all).
    public init(_ test: TestCase, suiteTags: [String] = []) {
        name = test.name
        line = test.location.line
        tags = test.tags == suiteTags ? suiteTags : test.tags
        features = TestFeatures(of: test)
    }
}

/// Parts of a test that checks before the run look for (``TestList/positions(having:)``).
public struct TestFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The test captures values.
    public static let captures = TestFeatures(rawValue: 1 << 0)
    /// The test captures a value marked secret.
    public static let secretCaptures = TestFeatures(rawValue: 1 << 1)
    /// The request has its own `auth` or `basicAuth`.
    public static let ownCredentials = TestFeatures(rawValue: 1 << 2)
    /// The test is one row of a test with `each`.
    public static let dataRow = TestFeatures(rawValue: 1 << 3)

    /// The features `test` has.
    public init(of test: TestCase) {
        var features: TestFeatures = []
        if !test.captures.isEmpty { features.insert(.captures) }
        if test.captures.contains(where: \.isSecret) { features.insert(.secretCaptures) }
        if test.request.auth != nil || test.request.basicAuth != nil { features.insert(.ownCredentials) }
        if test.row != nil { features.insert(.dataRow) }
        self = features
    }
}
