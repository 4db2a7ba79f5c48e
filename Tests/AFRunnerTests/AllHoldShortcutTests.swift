import AFSession
import AFSuite
import Foundation
import JSONPath
import Testing

@testable import AFRunner

/// `AssertionEvaluator.allHold` (the check without texts, for passed results nobody reads) agrees with
/// the full evaluation wherever it answers, and leaves to it the kinds it does not cover.
@Suite struct AllHoldShortcutTests {
    static let body = #"{"id": 1, "name": "alice", "tags": ["a", "b"]}"#

    static func context(
        status: Int = 200,
        contentType: String? = "application/json",
        body: String = body
    ) -> ResponseContext {
        var headers = HTTPHeaders()
        if let contentType { headers["Content-Type"] = contentType }
        return ResponseContext(
            response: HTTPResponse(
                url: URL(string: "http://h/")!,
                statusCode: status,
                headers: headers,
                httpVersion: .http1_1
            ),
            body: Data(body.utf8),
            metrics: TransferMetrics(timeToFirstByte: .milliseconds(2), total: .milliseconds(3))
        )
    }

    static func path(_ path: String, _ predicates: [AFSuite.Predicate]) -> PathAssertion {
        PathAssertion(path: path, predicates: PredicateSet(predicates), query: try? JSONPathQuery(path))
    }

    static let expectations: [Expectations] = {
        var list: [Expectations] = [
            Expectations(status: [.code(200)]), Expectations(status: [.code(201), .statusClass(2)]),
            Expectations(status: [.range(300...399)]),
            Expectations(),
        ]
        for type in ["application/json", "APPLICATION/JSON; charset=utf-8", "text/html"] {
            var e = Expectations(status: [.code(200)])
            e.contentType = .mediaType(type)
            list.append(e)
        }
        var matches = Expectations()
        matches.contentType = .matches("^application/")
        list.append(matches)
        let paths: [PathAssertion] = [
            path("$.id", [.equals(.number(JSONNumber(1)))]), path("$.id", [.equals(.number(JSONNumber(2)))]),
            path("$.tags[*]", [.count(PredicateSet([.equals(.number(JSONNumber(2)))]))]),
            path("$.missing", [.exists(false)]),
            path("$.name", [.exists(true), .matches("^al")]), path("$.tags", [.contains(.string("c"))]),
            PathAssertion(path: "$[", predicates: PredicateSet([.exists(true)])),
        ]
        for p in paths {
            var e = Expectations(status: [.code(200)])
            e.contentType = .mediaType("application/json")
            e.json = [p]
            list.append(e)
        }
        return list
    }()

    static let contexts: [ResponseContext] = [
        context(), context(status: 404), context(contentType: nil), context(contentType: "text/html; charset=utf-8"),
        context(body: "not json"), context(body: #"{"id": 2, "tags": ["a", "b", "c"]}"#),
        context(contentType: "application/jsön"),
    ]

    @Test func agreesWithTheFullEvaluation() {
        let evaluator = AssertionEvaluator()
        var answered = 0
        for e in Self.expectations {
            for c in Self.contexts {
                let full = evaluator.evaluate(e, on: c).allSatisfy(\.passed)
                guard let shortcut = evaluator.allHold(e, on: c) else { continue }
                answered += 1
                #expect(shortcut == full, "\(e) on \(c.response?.statusCode ?? 0)")
                if shortcut {
                    #expect(evaluator.holdingCount(e, on: c) == evaluator.evaluate(e, on: c).count, "\(e)")
                }
            }
        }
        #expect(answered == Self.expectations.count * Self.contexts.count)
    }

    @Test func leavesOtherKindsToTheFullEvaluation() {
        var header = Expectations()
        header.headers = [HeaderAssertion(name: "ETag", predicates: PredicateSet([.exists(true)]))]
        var duration = Expectations()
        duration.duration = [
            DurationAssertion(phase: .totalMs, predicates: PredicateSet([.lessThan(.number(JSONNumber(500)))]))
        ]
        var rejected = Expectations()
        rejected.tls = .rejected(reason: nil)
        // Each of these holds on no response of `context()`: a shortcut that ignored it would say they pass.
        let never = PredicateSet([.equals(.string("never"))])
        var cookies = Expectations(status: [.code(200)])
        cookies.cookies = [CookieAssertion(name: "session", exists: true)]
        var redirects = Expectations(status: [.code(200)])
        redirects.redirects = RedirectExpectation(count: PredicateSet([.equals(.number(JSONNumber(5)))]))
        var url = Expectations(status: [.code(200)])
        url.url = never
        var httpVersion = Expectations(status: [.code(200)])
        httpVersion.httpVersion = never
        var error = Expectations(status: [.code(200)])
        error.error = "timedOut"
        var xpath = Expectations(status: [.code(200)])
        xpath.xpath = [PathAssertion(path: "//a", predicates: PredicateSet([.exists(true)]))]
        var captures = Expectations(status: [.code(200)])
        captures.captures = [CaptureAssertion(name: "id", predicates: never)]
        let kinds = [header, duration, rejected, cookies, redirects, url, httpVersion, error, xpath, captures]
        for e in kinds { #expect(AssertionEvaluator().allHold(e, on: Self.context()) == nil, "\(e)") }
        #expect(AssertionEvaluator().allHold(Expectations(), on: ResponseContext(response: nil)) == nil)
    }
}
