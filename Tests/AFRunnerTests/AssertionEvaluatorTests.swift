import AFSession
import AFSuite
import Foundation
import JSONPath
import Testing

@testable import AFRunner

private func context(
    status: Int = 200,
    headers: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"],
    body: String
) -> ResponseContext {
    ResponseContext(
        response: HTTPResponse(
            url: URL(string: "http://h/")!,
            statusCode: status,
            headers: headers,
            httpVersion: .http1_1
        ),
        body: Data(body.utf8),
        metrics: TransferMetrics(timeToFirstByte: .milliseconds(20), total: .milliseconds(30))
    )
}

private let user = #"{"id": 41, "name": "alice", "tags": ["a", "b", "c"], "items": [{"price": 5}, {"price": 15}]}"#

@Test func statusFormsAreMatched() {
    let evaluator = AssertionEvaluator()
    #expect(evaluator.evaluate(Expectations(status: [.statusClass(2)]), on: context(body: "")).allSatisfy { $0.passed })
    #expect(
        evaluator.evaluate(Expectations(status: [.range(200...204)]), on: context(status: 204, body: "")).allSatisfy {
            $0.passed
        }
    )
    let failed = evaluator.evaluate(Expectations(status: [.code(201), .code(202)]), on: context(status: 404, body: ""))
    #expect(failed.count == 1)
    #expect(failed[0].passed == false)
    #expect(failed[0].message == "status: expected one of 201, 202, got 404")
}

@Test func contentTypeIgnoresParameters() {
    let evaluator = AssertionEvaluator()
    #expect(
        evaluator.evaluate(Expectations(contentType: .mediaType("application/json")), on: context(body: "{}"))[0].passed
    )
    #expect(!evaluator.evaluate(Expectations(contentType: .mediaType("text/html")), on: context(body: "{}"))[0].passed)
    #expect(evaluator.evaluate(Expectations(contentType: .matches("charset=utf-8")), on: context(body: "{}"))[0].passed)
}

@Test func jsonAssertionsReportExpectedAndActual() throws {
    let expect = Expectations(json: [
        PathAssertion(path: "$.id", predicates: PredicateSet([.equals(.number(JSONNumber(42)))])),
        PathAssertion(
            path: "$.tags[*]",
            predicates: PredicateSet([.count(PredicateSet([.equals(.number(JSONNumber(3)))]))])
        ),
        PathAssertion(path: "$.deleted", predicates: PredicateSet([.exists(false)])),
        PathAssertion(
            path: "$.items[?@.price > 10].price",
            predicates: PredicateSet([.equals(.array([.number(JSONNumber(15))]))])
        ),
    ])
    let results = AssertionEvaluator().evaluate(expect, on: context(body: user))
    #expect(results.map(\.passed) == [false, true, true, true])
    #expect(results[0].message == "$.id: expected 42, got 41")
    #expect(results[0].actual == "41")
    #expect(results[0].target == "$.id")
}

@Test func nonJSONBodyFailsJSONAssertions() {
    let expect = Expectations(json: [PathAssertion(path: "$.id", predicates: PredicateSet([.exists(true)]))])
    let results = AssertionEvaluator().evaluate(expect, on: context(body: "<html>"))
    #expect(results.count == 1)
    #expect(!results[0].passed)
    #expect(results[0].message.contains("not JSON"))
}

@Test func headerAssertions() {
    let ctx = context(headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\""], body: "")
    let expect = Expectations(headers: [
        HeaderAssertion(name: "cache-control", predicates: PredicateSet([.matches("max-age=\\d+")])),
        HeaderAssertion(name: "ETag", predicates: PredicateSet([.exists(true)])),
        HeaderAssertion(name: "X-Missing", predicates: PredicateSet([.exists(true)])),
    ])
    #expect(AssertionEvaluator().evaluate(expect, on: ctx).map(\.passed) == [true, true, false])
}

@Test func bodyAndDurationAssertions() {
    let expect = Expectations(
        body: BodyExpectation(
            predicates: PredicateSet([.contains(.string("alice"))]),
            sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            bytes: PredicateSet([.equals(.number(JSONNumber(3)))])
        ),
        duration: [
            DurationAssertion(phase: .totalMs, predicates: PredicateSet([.lessThan(.number(JSONNumber(500)))])),
            DurationAssertion(phase: .ttfbMs, predicates: PredicateSet([.lessThan(.number(JSONNumber(10)))])),
        ]
    )
    let results = AssertionEvaluator().evaluate(expect, on: context(body: "abc"))
    #expect(results.map(\.passed) == [false, true, true, true, false])
    #expect(results[4].message == "ttfbMs: expected lt 10, got 20")
}

@Test func xpathOnXMLAndHTML() {
    let xml = context(
        headers: ["Content-Type": "application/xml"],
        body: "<slides><slide><title>A</title></slide><slide><title>B</title></slide></slides>"
    )
    let expect = Expectations(xpath: [
        PathAssertion(
            path: "//slide/title",
            predicates: PredicateSet([.count(PredicateSet([.equals(.number(JSONNumber(2)))]))])
        ),
        PathAssertion(path: "/slides/slide[2]/title", predicates: PredicateSet([.equals(.string("B"))])),
    ])
    #expect(AssertionEvaluator().evaluate(expect, on: xml).map(\.passed) == [true, true])
    let html = context(
        headers: ["Content-Type": "text/html"],
        body: "<html><body><h1>Herman Melville</h1><p>one<br>two</body></html>"
    )
    let h1 = Expectations(xpath: [
        PathAssertion(path: "//h1", predicates: PredicateSet([.contains(.string("Melville"))]))
    ])
    #expect(AssertionEvaluator().evaluate(h1, on: html).map(\.passed) == [true])
}

@Test func rejectedExpectationNeedsARejection() {
    let trusted = AssertionEvaluator().evaluate(
        Expectations(tls: .rejected(reason: "pinMismatch")),
        on: context(body: "")
    )
    #expect(trusted.map(\.passed) == [false])
    let rejection = TrustRejection(reason: .pinMismatch, host: "localhost", chain: [])
    let ok = AssertionEvaluator().evaluate(
        Expectations(tls: .rejected(reason: "pinMismatch")),
        on: ResponseContext(response: nil, rejection: rejection)
    )
    #expect(ok.map(\.passed) == [true])
    let wrongReason = AssertionEvaluator().evaluate(
        Expectations(tls: .rejected(reason: "expired")),
        on: ResponseContext(response: nil, rejection: rejection)
    )
    #expect(wrongReason.map(\.passed) == [false])
    #expect(wrongReason[0].message == "tls: expected rejected (expired), got rejected (pinMismatch)")
}

@Test func capturesFromEverySource() throws {
    let ctx = context(headers: ["Content-Type": "application/json", "ETag": "v9"], body: user)
    let specs = [
        CaptureSpec(name: "id", source: .json("$.id")), CaptureSpec(name: "etag", source: .header("ETag")),
        CaptureSpec(name: "who", source: .regex(#""name": "(\w+)""#, group: 1)),
        CaptureSpec(name: "code", source: .status),
    ]
    let extraction = CaptureExtractor.extract(specs, from: ctx)
    #expect(extraction.misses.isEmpty)
    #expect(extraction.values.map(\.name) == ["id", "etag", "who", "code"])
    #expect(extraction.values.map(\.text) == ["41", "v9", "alice", "200"])
    #expect(
        extraction.values.map(\.value) == [
            .number(JSONNumber(41)), .string("v9"), .string("alice"), .number(JSONNumber(200)),
        ]
    )
    let miss = CaptureExtractor.extract([CaptureSpec(name: "x", source: .json("$.nope"))], from: ctx)
    #expect(miss.values.isEmpty)
    #expect(miss.misses.map(\.name) == ["x"])
}
