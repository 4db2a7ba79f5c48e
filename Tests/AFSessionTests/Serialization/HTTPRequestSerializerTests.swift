import Foundation
import Testing

@testable import AFSession

/// AF's `requestBySerializingRequest:withParameters:` rules for the HTTP serializer.
@Suite struct HTTPRequestSerializerTests {
    struct CustomFailure: Error, CustomStringConvertible {
        var description: String { "custom failure" }
    }

    static let uriRules: [(HTTPMethod, String, String)] = [
        (.get, "http://h.test/p", "http://h.test/p?a=1&b=x%20y"),
        (.head, "http://h.test/p", "http://h.test/p?a=1&b=x%20y"),
        (.delete, "http://h.test/p", "http://h.test/p?a=1&b=x%20y"),
        (.get, "http://h.test/p?z=0", "http://h.test/p?z=0&a=1&b=x%20y"),
        (.get, "http://h.test/p?", "http://h.test/p?&a=1&b=x%20y"),
        (.get, "http://h.test/p#frag", "http://h.test/p?a=1&b=x%20y#frag"),
    ]

    @Test("methods encoding parameters in the URI", arguments: uriRules)
    func parametersInURI(method: HTTPMethod, url: String, expected: String) throws {
        let request = try HTTPRequestSerializer().request(
            method: method,
            url: URL(string: url)!,
            parameters: ["b": "x y", "a": 1],
            headers: [:]
        )
        #expect(request.url.absoluteString == expected)
        #expect(request.body == nil)
        #expect(request.headers["Content-Type"] == nil)
    }

    @Test("other methods send a form body", arguments: [HTTPMethod.post, .put, .patch, .options])
    func formBody(method: HTTPMethod) throws {
        let request = try HTTPRequestSerializer().request(
            method: method,
            url: URL(string: "http://h.test/p?q=1")!,
            parameters: ["b": "x y", "a": [1, 2]],
            headers: [:]
        )
        #expect(request.url.absoluteString == "http://h.test/p?q=1")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(try drain(request.body) == Data("a%5B%5D=1&a%5B%5D=2&b=x%20y".utf8))
    }

    @Test("a Content-Type set by the caller is kept")
    func contentTypeKept() throws {
        let request = try HTTPRequestSerializer().request(
            method: .post,
            url: URL(string: "http://h.test/")!,
            parameters: ["a": 1],
            headers: ["content-type": "text/plain"]
        )
        #expect(request.headers.values(for: "Content-Type") == ["text/plain"])
        #expect(try drain(request.body) == Data("a=1".utf8))
    }

    @Test(
        "empty or absent parameters: a valid empty form body, an unchanged URL",
        arguments: [nil, ParameterValue.dictionary([:])]
    )
    func emptyParameters(parameters: ParameterValue?) throws {
        let serializer = HTTPRequestSerializer()
        let post = try serializer.request(
            method: .post,
            url: URL(string: "http://h.test/")!,
            parameters: parameters,
            headers: [:]
        )
        #expect(post.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(try drain(post.body).isEmpty)
        #expect(post.body != nil)
        let get = try serializer.request(
            method: .get,
            url: URL(string: "http://h.test/a")!,
            parameters: parameters,
            headers: [:]
        )
        #expect(get.url.absoluteString == "http://h.test/a")
    }

    @Test("a custom query string closure replaces AF's rules")
    func customQueryString() throws {
        var serializer = HTTPRequestSerializer()
        serializer.queryStringSerialization = { request, parameters in
            guard case .dictionary(let values) = parameters else { return "" }
            return values.keys.sorted().map { "\($0)**\(values[$0]!.queryDescription)" }.joined() + "@"
                + request.method.rawValue
        }
        let request = try serializer.request(
            method: .get,
            url: URL(string: "http://h.test")!,
            parameters: ["key": "value"],
            headers: [:]
        )
        #expect(request.url.query == "key**value@GET")
    }

    @Test("a failing query string closure is a request serialization error", arguments: [HTTPMethod.get, .post])
    func customQueryStringFails(method: HTTPMethod) {
        var serializer = HTTPRequestSerializer()
        serializer.queryStringSerialization = { _, _ in throw CustomFailure() }
        #expect {
            try serializer.request(method: method, url: URL(string: "http://h.test")!, parameters: [:], headers: [:])
        } throws: { error in
            guard case .requestSerialization(.queryStringSerializationFailed(let why)) = error as? SessionError else {
                return false
            }
            return why.contains("custom failure")
        }
    }

    @Test(
        "Accept-Language follows AF's q-value scheme",
        arguments: [
            ([String](), "en;q=1"),
            (["fr-CH"], "fr-CH;q=1"),
            (["fr-CH", "fr", "en"], "fr-CH;q=1, fr;q=0.9, en;q=0.8"),
            (["a", "b", "c", "d", "e", "f", "g", "h"], "a;q=1, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5"),
        ]
    )
    func acceptLanguage(languages: [String], expected: String) {
        #expect(HTTPRequestSerializer.acceptLanguage(for: languages) == expected)
    }

    @Test("default headers: Accept-Language and an afrun User-Agent; request headers win")
    func defaultHeaders() throws {
        let serializer = HTTPRequestSerializer()
        let agent = try #require(serializer.value(forHTTPHeaderField: "user-agent"))
        #expect(agent.hasPrefix("afrun/\(HTTPRequestSerializer.afrunVersion) ("))
        #expect(agent.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(serializer.value(forHTTPHeaderField: "Accept-Language")?.contains(";q=1") == true)
        let request = try serializer.request(
            method: .get,
            url: URL(string: "http://h.test")!,
            parameters: nil,
            headers: ["User-Agent": "mine"]
        )
        #expect(request.headers.values(for: "User-Agent") == ["mine"])
        #expect(request.headers["Accept-Language"] != nil)
    }

    @Test("setValue, Basic authorization and clearing it")
    func headersAndAuthorization() throws {
        var serializer = HTTPRequestSerializer()
        serializer.setValue("1", forHTTPHeaderField: "X-Test")
        serializer.setAuthorizationHeader(username: "user", password: "pässword")
        #expect(serializer.value(forHTTPHeaderField: "Authorization") == "Basic dXNlcjpww6Rzc3dvcmQ=")
        let request = try serializer.request(
            method: .get,
            url: URL(string: "http://h.test")!,
            parameters: nil,
            headers: [:]
        )
        #expect(request.headers["x-test"] == "1")
        #expect(request.headers["Authorization"] == "Basic dXNlcjpww6Rzc3dvcmQ=")
        serializer.clearAuthorizationHeader()
        serializer.setValue(nil, forHTTPHeaderField: "X-Test")
        #expect(serializer.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(serializer.value(forHTTPHeaderField: "X-Test") == nil)
    }

    @Test(
        "cache policy headers",
        arguments: [
            (RequestCachePolicy.useProtocolCachePolicy, nil as String?),
            (.reloadIgnoringLocalCacheData, nil),
            (.reloadIgnoringLocalAndRemoteCacheData, "no-cache"),
        ]
    )
    func cachePolicy(policy: RequestCachePolicy, cacheControl: String?) throws {
        var serializer = HTTPRequestSerializer()
        serializer.cachePolicy = policy
        serializer.timeoutInterval = .seconds(5)
        let request = try serializer.request(
            method: .get,
            url: URL(string: "http://h.test")!,
            parameters: nil,
            headers: [:]
        )
        #expect(request.headers["Cache-Control"] == cacheControl)
        #expect(request.headers["Pragma"] == cacheControl)
        #expect(request.timeout == .seconds(5))
    }

    @Test("string encoding applies to the form body")
    func stringEncoding() throws {
        var serializer = HTTPRequestSerializer()
        serializer.stringEncoding = .isoLatin1
        serializer.queryStringSerialization = { _, _ in "name=é" }
        let request = try serializer.request(
            method: .post,
            url: URL(string: "http://h.test")!,
            parameters: [:],
            headers: [:]
        )
        #expect(try drain(request.body) == Data([0x6E, 0x61, 0x6D, 0x65, 0x3D, 0xE9]))
        serializer.stringEncoding = .ascii
        #expect(throws: SessionError.self) {
            try serializer.request(method: .post, url: URL(string: "http://h.test")!, parameters: [:], headers: [:])
        }
    }
}
