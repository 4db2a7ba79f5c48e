import Foundation
import JSONPath
import Testing

@testable import AFSuite

/// Every construct of the format decodes into the model (the fixtures under fixtures/suites-valid).
@Suite struct SuiteDecodingTests {
    func fixture(_ name: String) throws -> Suite {
        let result = SuiteLoader(environment: [:]).load(paths: [Fixtures.valid.appendingPathComponent(name).path])
        #expect(result.errors.isEmpty, "\(result.errors.map(\.description).joined(separator: "\n"))")
        return try #require(result.suites.first)
    }

    @Test func suiteLevelKeys() throws {
        let suite = try fixture("users.json")
        #expect(suite.name == "Users API")
        #expect(suite.baseURL == "https://localhost:8443/v1")
        #expect(suite.parallel == false)
        #expect(suite.keepsCookies)
        #expect(suite.variables.map(\.name) == ["user", "limit", "token", "filter"])
        #expect(suite.variables[0].source == .value(.string("alice")))
        #expect(suite.variables[1].source == .value(.number(JSONNumber(10))))
        #expect(suite.variables[2].source == .environment(name: "API_TOKEN", default: .string("dev-token")))
        #expect(suite.variables[2].isSecret)
        #expect(suite.variables[3].source == .value(.object(JSONObject([("active", .bool(true))]))))
        #expect(suite.variables[2].location?.line == 9)
        #expect(suite.defaults.headers == [HeaderSpec(name: "Accept", value: "application/json")])
        #expect(suite.defaults.timeout == 10)
        #expect(suite.defaults.followRedirects == true)
        #expect(suite.defaults.tls == TLSSpec(pinning: "none", caFile: "../tls/root-ca.pem"))
        #expect(suite.defaults.retry == RetrySpec(count: 1, delayMs: 100))
        #expect(suite.tests.map(\.name) == ["get user", "update user", "not ready yet"])
    }

    @Test func cookiesCanBeTurnedOffAndMustBeABoolean() throws {
        let tests = #""tests": [{"name": "t", "request": {"url": "http://h/"}}]"#
        #expect(try load(#"{"cookies": false, \#(tests)}"#).get().keepsCookies == false)
        #expect(try load(#"{"cookies": true, \#(tests)}"#).get().keepsCookies)
        let problems = diagnostics(#"{"cookies": "no", \#(tests)}"#).map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("cookies") == true, "\(problems)")
    }

    @Test func requestAndExpectations() throws {
        let test = try fixture("users.json").tests[0]
        #expect(test.location.line == 21)
        #expect(test.location.pointer == "/tests/0")
        #expect(test.request.method == "GET")
        #expect(test.request.url == "users/{{user}}")
        #expect(test.request.query?.serialized() == #"{"fields":["id","name"],"limit":"{{ limit }}"}"#)
        #expect(test.request.headers.map(\.name) == ["Authorization", "X-Trace"])
        let e = test.expect
        #expect(e.status == [.statusClass(2)])
        #expect(e.contentType == .mediaType("application/json"))
        #expect(e.headers.map(\.name) == ["Cache-Control", "Vary"])
        #expect(e.headers[0].predicates == PredicateSet([.matches(#"max-age=\d+"#)]))
        #expect(e.headers[1].predicates == PredicateSet([.equals(.string("Accept"))]))
        #expect(e.json.map(\.path) == ["$.id", "$.tags[*]", "$.deleted", "$.name", "$.score"])
        #expect(e.json[0].predicates == PredicateSet([.equals(.number(JSONNumber(42)))]))
        #expect(e.json[1].predicates == PredicateSet([.count(PredicateSet([.equals(.number(JSONNumber(3)))]))]))
        #expect(e.json[2].predicates == PredicateSet([.exists(false)]))
        #expect(e.json[3].predicates == PredicateSet([.type(.string), .oneOf([.string("alice"), .string("Alice")])]))
        #expect(
            e.json[4].predicates
                == PredicateSet([.greaterThanOrEqual(.number(JSONNumber(0))), .lessThan(.number(JSONNumber(100)))])
        )
        #expect(e.body == BodyExpectation(predicates: PredicateSet([.contains(.string("alice"))])))
        #expect(
            e.duration == [
                DurationAssertion(phase: .totalMs, predicates: PredicateSet([.lessThan(.number(JSONNumber(500)))])),
                DurationAssertion(phase: .ttfbMs, predicates: PredicateSet([.lessThan(.number(JSONNumber(200)))])),
            ]
        )
        #expect(e.tls == .trusted)
        #expect(
            test.captures == [
                CaptureSpec(name: "userId", source: .json("$.id")), CaptureSpec(name: "etag", source: .header("ETag")),
            ]
        )
    }

    @Test func methodsBodiesCapturesAndSkip() throws {
        let tests = try fixture("users.json").tests
        #expect(tests[1].request.method == "PUT")
        #expect(tests[1].expect.status == [.code(200), .code(204), .range(300...399)])
        guard case .json(let json) = tests[1].request.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(json.serialized() == #"{"name":"{{user}}","filter":"{{filter}}"}"#)
        #expect(
            tests[1].captures == [
                CaptureSpec(name: "code", source: .status),
                CaptureSpec(name: "session", source: .regex(#"session=(\w+)"#, group: 1), isSecret: true),
            ]
        )
        #expect(tests[2].skip == "the endpoint lands next sprint")
    }

    @Test func otherBodies() throws {
        let tests = try fixture("uploads.json").tests
        #expect(
            tests[0].request.body
                == .form(.object(JSONObject([("a", .string("1")), ("tags", .array([.string("x"), .string("y")]))])))
        )
        #expect(tests[1].request.body == .text(#"plain \{{not a variable}}"#))
        #expect(tests[1].expect.status == [.code(200)])
        #expect(tests[1].expect.body?.bytes == PredicateSet([.greaterThan(.number(JSONNumber(0)))]))
        #expect(tests[2].request.body == .file("_data/upload.txt"))
        #expect(tests[2].request.timeout == 2.5)
        #expect(tests[2].expect.body?.sha256 == "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
        #expect(
            tests[3].request.body
                == .multipart([
                    MultipartPartSpec(name: "title", content: .value("report")),
                    MultipartPartSpec(
                        name: "file",
                        content: .file(path: "_data/upload.txt", filename: "u.txt", contentType: "text/plain")
                    ),
                ])
        )
        #expect(tests[3].expect.status == [.range(200...299)])
        #expect(
            tests[3].expect.xpath == [
                PathAssertion(
                    path: "//title",
                    predicates: PredicateSet([.count(PredicateSet([.greaterThanOrEqual(.number(JSONNumber(0)))]))]),
                    location: tests[3].expect.xpath.first?.location
                )
            ]
        )
        #expect(tests[3].retry == RetrySpec(count: 2, delayMs: 0))
    }

    @Test func tlsPolicyAndExpectations() throws {
        let suite = try fixture("tls.json")
        #expect(suite.parallel)
        let t = suite.tests
        #expect(
            t[0].request.tls
                == TLSSpec(
                    pinning: "publicKey",
                    pinnedPublicKeys: ["sha256//4UZSwezUjexcsfv13TCW2KPhT8FvxtEjSEt5Y5Vtr6Q="],
                    validatesDomainName: true,
                    caFile: "../tls/root-ca.pem"
                )
        )
        let cert = try #require(t[0].expect.certificate)
        #expect(cert.subject == PredicateSet([.contains(.string("localhost"))]))
        #expect(cert.expiresInDays == PredicateSet([.greaterThan(.number(JSONNumber(0)))]))
        #expect(cert.pin == PredicateSet([.equals(.string("sha256//4UZSwezUjexcsfv13TCW2KPhT8FvxtEjSEt5Y5Vtr6Q="))]))
        #expect(t[1].request.tls?.pinnedCertificates == ["../tls/expired.pem", "../tls"])
        #expect(t[1].request.tls?.allowInvalidCertificates == false)
        #expect(t[1].expect.tls == .rejected(reason: "pinMismatch"))
        #expect(
            t[2].request.tls?.clientCertificate
                == ClientCertificateSpec(
                    certificate: "../tls/client.pem",
                    key: "../tls/client.key",
                    passphrase: "{{env.CLIENT_KEY_PASS}}"
                )
        )
        #expect(t[2].expect.contentType == .matches("^application/json"))
        #expect(t[3].expect.tls == .rejected(reason: nil))
    }

    @Test func minimalSuiteTakesItsNameFromTheFile() throws {
        let suite = try fixture("minimal.json")
        #expect(suite.name == "minimal")
        #expect(suite.tests[0].request.method == "GET")
        #expect(suite.tests[0].expect.tls == .trusted)
        #expect(suite.displayPath.hasSuffix("minimal.json"))
    }

    @Test func variablesFromEverySourceAreVisible() throws {
        let json = #"""
            {"variables": {"a": "1"}, "tests": [
              {"name": "one", "request": {"url": "http://h/{{a}}/{{cli}}/{{env.HOME}}"}, "capture": {"c": {"status": true}}},
              {"name": "two", "request": {"url": "http://h/{{c}}"}}
            ]}
            """#
        guard case .success(let suite) = load(json, known: ["cli"]) else {
            Issue.record("expected the suite to load: \(diagnostics(json, known: ["cli"]))")
            return
        }
        #expect(suite.tests.count == 2)
    }

    @Test func skipTrueAndFalse() throws {
        let json =
            #"{"tests": [{"name": "a", "skip": true, "request": {"url": "http://h/u"}}, {"name": "b", "skip": false, "request": {"url": "http://h/u"}}]}"#
        let suite = try load(json).get()
        #expect(suite.tests[0].skip == "skipped")
        #expect(suite.tests[1].skip == nil)
    }

    @Test func filePathsWithVariablesResolveWhenTheyCan() throws {
        let json = #"""
            {"variables": {"dir": "_data", "other": {"env": "DATA_DIR"}}, "tests": [
              {"name": "a", "request": {"url": "http://h/u", "bodyFile": "{{dir}}/upload.txt"}},
              {"name": "b", "request": {"url": "http://h/u", "bodyFile": "{{other}}/upload.txt"}},
              {"name": "c", "request": {"url": "http://h/u", "bodyFile": "{{cli}}/nothing.txt"}}
            ]}
            """#
        #expect(throws: Never.self) { try load(json, known: ["cli"]).get() }
        let errors = diagnostics(json.replacingOccurrences(of: "\"_data\"", with: "\"nowhere\""), known: ["cli"])
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("nowhere/upload.txt") == true)
    }
}
