import Foundation
import JSONPath

/// One suite file, decoded and validated: requests and expectations, ready for the runner.
///
/// Strings that may hold `{{variables}}` (URLs, header values, query and body strings, file paths)
/// are kept as written; the runner renders them with `Template`.
public struct Suite: Sendable {
    /// The suite file, absolute. Relative paths inside the suite resolve against its folder.
    public var file: URL
    /// The path shown to users (as given, or relative to the working directory).
    public var displayPath: String
    /// The suite's name (`name`, or the file name without `.json`).
    public var name: String
    /// The base URL that relative request URLs resolve against (AFNetworking's slash rule).
    public var baseURL: String?
    /// Suite variables, in file order.
    public var variables: [VariableDefinition]
    /// Defaults applied to every request.
    public var defaults: RequestDefaults
    /// Whether the suite's tests may run concurrently (captures then do not flow between them).
    public var parallel: Bool
    /// The tests, in file order (a loaded suite's decoded when read: see ``TestList``).
    public var tests: TestList
    /// Whether the suite's requests share one cookie store (`cookies`, default true): a cookie a
    /// response sets is sent by the suite's later requests, never by another suite's.
    public var keepsCookies = true
    /// `"cookies": {"file": …}`: a Netscape cookie file (relative to the suite's folder) the suite's store is
    /// filled from before its first test and written to after its last, as curl's `-b` and `-c`.
    public var cookieFile: String?
    /// `setup`: tests run before the suite's tests, in order; their captures are visible to every test and to
    /// the teardown. When one fails, the suite's tests are skipped with that reason.
    public var setup: [TestCase] = []
    /// `teardown`: tests run after the suite's tests, in order, whatever happened to them.
    public var teardown: [TestCase] = []
    /// The suite's `tags`; every test of the suite carries them too (`TestCase.tags`).
    public var tags: [String] = []
    /// The files the suite's `$ref`s lead to (absolute, each once), so a watcher can re-run the suite when
    /// one changes.
    public var fragmentFiles: [URL] = []

    /// Creates a suite.
    public init(
        file: URL,
        displayPath: String,
        name: String,
        baseURL: String? = nil,
        variables: [VariableDefinition] = [],
        defaults: RequestDefaults = RequestDefaults(),
        parallel: Bool = false,
        tests: [TestCase] = []
    ) {
        self.file = file
        self.displayPath = displayPath
        self.name = name
        self.baseURL = baseURL
        self.variables = variables
        self.defaults = defaults
        self.parallel = parallel
        self.tests = TestList(tests)
    }

    /// Whether `tag` is a valid tag name: non-empty, ASCII letters, digits, `_`, `-`, `.` or `:` (safe on a
    /// command line, in a JUnit property and in the history).
    public static func isTagName(_ tag: String) -> Bool {
        !tag.isEmpty
            && tag.unicodeScalars.allSatisfy {
                $0.isASCII
                    && (("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                        || "_-.:".unicodeScalars.contains($0))
            }
    }

    /// The folder relative paths resolve against.
    public var directory: URL { file.deletingLastPathComponent() }

    /// A path a suite names (a body or data file, a certificate): absolute as written, else
    /// relative to the suite's folder.
    /// - Parameters:
    ///   - path: the path, variables already rendered.
    ///   - directory: the suite's folder.
    /// - Returns: the file URL.
    public static func resolve(_ path: String, in directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
    }
}

/// A suite variable: a literal value or an environment variable, possibly secret.
public struct VariableDefinition: Sendable, Hashable {
    /// Where the value comes from.
    public enum Source: Sendable, Hashable {
        /// A literal JSON value (strings are rendered as is, other values as JSON text).
        case value(JSONValue)
        /// An environment variable, with an optional default when it is unset.
        case environment(name: String, default: JSONValue?)
    }
    /// The variable's name.
    public var name: String
    /// Where the value comes from.
    public var source: Source
    /// Whether the value is replaced by `***` in every output.
    public var isSecret: Bool
    /// Where it is defined.
    public var location: SourceLocation?

    /// Creates a definition.
    public init(name: String, source: Source, isSecret: Bool = false, location: SourceLocation? = nil) {
        self.name = name
        self.source = source
        self.isSecret = isSecret
        self.location = location
    }
}

/// Request settings that apply to every test of a suite unless the test sets its own.
public struct RequestDefaults: Sendable {
    /// Headers added to every request (a test's header of the same name wins).
    public var headers: [HeaderSpec]
    /// Total timeout in seconds.
    public var timeout: Double?
    /// Whether redirects are followed.
    public var followRedirects: Bool?
    /// TLS policy.
    public var tls: TLSSpec?
    /// Retry policy.
    public var retry: RetrySpec?
    /// Basic credentials for every request (a test's `basicAuth` or `Authorization` header wins).
    public var basicAuth: BasicAuthSpec?
    /// Authentication for every request (`auth`): a test's `auth`, `basicAuth` or `Authorization` header wins.
    public var auth: AuthSpec?
    /// The most response body bytes kept for assertions that read the whole body.
    public var maxBodyBytes: Int?
    /// Query layout, delay, HTTP version and redirect rules for every request.
    public var settings = RequestSettings()

    /// Creates defaults.
    public init(
        headers: [HeaderSpec] = [],
        timeout: Double? = nil,
        followRedirects: Bool? = nil,
        tls: TLSSpec? = nil,
        retry: RetrySpec? = nil
    ) {
        self.headers = headers
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.tls = tls
        self.retry = retry
    }
}

/// A header name and a templated value.
///
/// A suite writes a string (one field), an array (one field per element, in order) or `null` (no such
/// field: it removes a suite default or afrun's own `User-Agent`).
public struct HeaderSpec: Sendable, Hashable {
    /// The header name, possibly with `{{variables}}`.
    public var name: String
    /// The value, possibly with `{{variables}}`; the first element when the suite gave an array.
    public var value: String
    /// Every value when the suite gave an array (the header is sent once per element); nil for one value.
    public var values: [String]? = nil
    /// Whether the suite wrote `null`: the header is not sent at all.
    public var removes = false

    /// Creates a header spec.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// A header sent once per element of `values` (which must not be empty).
    public init(name: String, values: [String]) {
        self.name = name
        self.value = values.first ?? ""
        self.values = values
    }

    /// A header that is not sent (`"Name": null`).
    public static func removal(_ name: String) -> HeaderSpec {
        var spec = HeaderSpec(name: name, value: "")
        spec.removes = true
        return spec
    }

    /// The values to send, in order (none for a removal).
    public var allValues: [String] { removes ? [] : values ?? [value] }
}
