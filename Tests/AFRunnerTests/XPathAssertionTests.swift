import AFSession
import AFSuite
import Foundation
import JSONPath
import Testing

@testable import AFRunner

/// XPath assertions on libxml2: real HTML parsing, XPath values that are not node sets, safe XML.
@Suite struct XPathAssertionTests {
    func context(_ contentType: String, _ body: String) -> ResponseContext {
        ResponseContext(
            response: HTTPResponse(
                url: URL(string: "http://h/")!,
                statusCode: 200,
                headers: ["Content-Type": contentType],
                httpVersion: .http1_1
            ),
            body: Data(body.utf8),
            metrics: TransferMetrics()
        )
    }

    func check(_ path: String, _ predicate: AFSuite.Predicate, on context: ResponseContext) -> AssertionResult {
        let results = AssertionEvaluator().evaluate(
            Expectations(xpath: [PathAssertion(path: path, predicates: PredicateSet([predicate]))]),
            on: context
        )
        return results[0]
    }

    static let tagSoup = """
        <!doctype html><title>Shop</title>
        <ul id=list><li>one<li>two<li class=last>three</ul>
        <p>first paragraph<p>second <b>bold</b> paragraph
        <img src=a.png><br><input name=q value="café">
        """

    @Test("HTML with unclosed elements and unquoted attributes is repaired as browsers do")
    func htmlTagSoupIsRepaired() {
        let page = context("text/html", Self.tagSoup)
        #expect(check("//li", .count(PredicateSet([.equals(.number(JSONNumber(3)))])), on: page).passed)
        #expect(check("//li[@class='last']", .equals(.string("three")), on: page).passed)
        #expect(check("//p", .count(PredicateSet([.equals(.number(JSONNumber(2)))])), on: page).passed)
        #expect(
            check("//p[2]", .matches(#"^second bold paragraph\s*$"#), on: page).passed,
            "text up to the next element"
        )
        #expect(check("/html/head/title", .equals(.string("Shop")), on: page).passed)
        #expect(check("//input/@value", .equals(.string("café")), on: page).passed, "UTF-8 by default, not ISO-8859-1")
    }

    @Test("the response's charset decides how an HTML body is decoded")
    func htmlCharsetFromContentType() {
        let latin1 = ResponseContext(
            response: HTTPResponse(
                url: URL(string: "http://h/")!,
                statusCode: 200,
                headers: ["Content-Type": "text/html; charset=iso-8859-1"],
                httpVersion: .http1_1
            ),
            body: Data([0x3C, 0x70, 0x3E, 0x63, 0x61, 0x66, 0xE9, 0x3C, 0x2F, 0x70, 0x3E]),  // <p>café</p> in Latin-1
            metrics: TransferMetrics()
        )
        let result = check("//p", .equals(.string("café")), on: latin1)
        #expect(result.passed, "\(result.message)")
    }

    @Test("expressions that give numbers, strings and booleans compare as one value")
    func scalarResults() {
        let page = context("text/html", Self.tagSoup)
        let count = check("count(//li)", .equals(.number(JSONNumber(3))), on: page)
        #expect(count.passed, "\(count.message)")
        #expect(count.actual == "3")
        #expect(check("normalize-space(//p[2])", .equals(.string("second bold paragraph")), on: page).passed)
        #expect(check("//li = 'two'", .equals(.bool(true)), on: page).passed)
        #expect(check("count(//li) > 5", .equals(.bool(false)), on: page).passed)
        let failing = check("count(//li)", .lessThan(.number(JSONNumber(2))), on: page)
        #expect(!failing.passed)
        #expect(failing.message.contains("count(//li)"), "\(failing.message)")
    }

    @Test("an invalid expression fails with libxml2's reason")
    func invalidExpression() {
        let result = check("//li[", .exists(true), on: context("text/html", Self.tagSoup))
        #expect(!result.passed)
        #expect(result.predicate == "valid")
        #expect(result.message == "//li[: invalid XPath (invalid expression at character 6)", "\(result.message)")
        let unknown = check("nosuch(//li)", .exists(true), on: context("text/html", Self.tagSoup))
        #expect(unknown.message.hasPrefix("nosuch(//li): invalid XPath (unknown function"), "\(unknown.message)")
    }

    @Test("a body that is not XML fails every assertion with the parser's reason")
    func malformedXML() {
        let result = check("/a", .exists(true), on: context("application/xml", "<a><b></a>"))
        #expect(!result.passed)
        #expect(result.message.hasPrefix("/a: the body is not XML ("), "\(result.message)")
        #expect(result.message.count > "/a: the body is not XML ()".count, "the reason is given")
    }

    @Test("HTML nested past libxml2's depth limit fails instead of being judged cut off")
    func htmlPastTheDepthLimitIsNotJudgedCutOff() {
        let deep = context("text/html", "<html><body>" + String(repeating: "<div>", count: 1000) + "<p id=end>end")
        // Cut off at the limit, the page would have no `end` paragraph and 255 divs: both would pass.
        let missing = check("//p[@id='end']", .exists(false), on: deep)
        #expect(!missing.passed)
        #expect(
            missing.message.hasPrefix("//p[@id='end']: the body is not HTML (elements nest deeper than 256 levels"),
            "\(missing.message)"
        )
        #expect(!check("count(//div)", .lessThan(.number(JSONNumber(300))), on: deep).passed)
        let xml = context("application/xml", String(repeating: "<a>", count: 1000))
        #expect(check("/a", .exists(true), on: xml).message.contains("nest deeper than 256 levels"))
    }

    @Test("external entities are not loaded (no XXE) and the network is not used")
    func externalEntitiesAreNotExpanded() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-xxe-\(UUID().uuidString).txt")
        try Data("TOP-SECRET-CONTENT".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let body = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY x SYSTEM "file://\(secret.path)">]>
            <r><v>&x;</v></r>
            """
        let result = check("string(/r/v)", .contains(.string("TOP-SECRET")), on: context("application/xml", body))
        #expect(!result.passed, "the entity must not be expanded: \(result.actual ?? "nil")")
        #expect(check("/r", .exists(true), on: context("application/xml", body)).passed)
    }

    @Test("XML attributes, positions and node lists")
    func xmlNodeLists() {
        let xml = context(
            "application/xml",
            #"<lib name="x"><book id="1"><t>A</t></book><book id="2"><t>B</t></book></lib>"#
        )
        #expect(check("/lib/@name", .equals(.string("x")), on: xml).passed)
        #expect(check("//book/t", .equals(.array([.string("A"), .string("B")])), on: xml).passed)
        #expect(check("//book[@id='2']/t", .equals(.string("B")), on: xml).passed)
        #expect(check("//magazine", .exists(false), on: xml).passed)
    }

    @Test("one parse per response: assertions, captures and copies of the context share the document")
    func documentIsParsedOncePerResponse() {
        let xml = context("application/xml", "<shelf><book id='1'>A</book><book id='2'>B</book></shelf>")
        let first = xml.withXPathDocument { parsed in (try? parsed.get()).map(ObjectIdentifier.init) }
        let copy = xml
        #expect(first != nil)
        #expect(copy.withXPathDocument { parsed in (try? parsed.get()).map(ObjectIdentifier.init) } == first)
        // Captures and assertions read that document, and still see the body.
        let extraction = CaptureExtractor.extract(
            [CaptureSpec(name: "id", source: .xpath("string(//book[2]/@id)"))],
            from: copy
        )
        #expect(extraction.misses.isEmpty)
        #expect(extraction.values.map(\.value) == [.string("2")])
        #expect(check("count(//book)", .equals(.number(JSONNumber(2))), on: copy).passed)
        #expect(copy.withXPathDocument { parsed in (try? parsed.get()).map(ObjectIdentifier.init) } == first)
        // A new body is parsed again.
        var other = copy
        other.body = Data("<shelf/>".utf8)
        #expect(other.withXPathDocument { parsed in (try? parsed.get()).map(ObjectIdentifier.init) } != first)
        #expect(check("//book", .exists(false), on: other).passed)
    }

    @Test("an empty body and a JSON body are named as such, and a JSON body points to `json`")
    func unreadableBodiesSayWhy() {
        let empty = check("//a", .exists(false), on: context("text/html", ""))
        #expect(!empty.passed)
        #expect(empty.message == "//a: the body is empty; XPath reads an XML or HTML document", "\(empty.message)")
        let json = context("application/json", #"{"title": "x"}"#)
        let assertion = check("//title", .exists(true), on: json)
        #expect(assertion.message.hasPrefix("//title: the body is not XML ("), "\(assertion.message)")
        #expect(assertion.message.hasSuffix("; the response is `application/json`: read it with `json`"))
        let capture = CaptureExtractor.extract([CaptureSpec(name: "t", source: .xpath("//title"))], from: json)
        #expect(capture.misses.first?.reason.hasSuffix("read it with `json`") == true, "\(capture.misses)")
    }

    @Test("a node set that selected nothing reads as nothing, and NaN as NaN, in a failure")
    func emptyNodeSetAndNaNMessages() {
        let page = context("text/html", Self.tagSoup)
        let none = check("//nothing", .equals(.string("x")), on: page)
        #expect(!none.passed)
        #expect(none.actual == nil)
        #expect(none.message == #"//nothing: expected "x", got nothing"#, "\(none.message)")
        #expect(check("//nothing", .equals(.array([])), on: page).passed, "an empty node set still equals []")
        let nan = check("number(//li[1])", .equals(.number(JSONNumber(1))), on: page)
        #expect(!nan.passed)
        #expect(nan.actual == "NaN")
        #expect(nan.message.hasPrefix("number(//li[1]): expected 1, got NaN (not a number"), "\(nan.message)")
        let infinity = check("1 div 0", .lessThan(.number(JSONNumber(5))), on: page)
        #expect(infinity.actual == "Infinity", "\(infinity.message)")
    }
}
