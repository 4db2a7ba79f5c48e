import Foundation
import Testing

@testable import AFSession

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Validation and decoding rules of the response serializers.
@Suite struct ResponseSerializerTests {
    @Test(
        "status acceptance",
        arguments: [
            (200, IndexSet(integersIn: 200..<300), true), (299, IndexSet(integersIn: 200..<300), true),
            (300, IndexSet(integersIn: 200..<300), false), (199, IndexSet(integersIn: 200..<300), false),
            (404, IndexSet(integersIn: 200..<300), false), (404, IndexSet([200, 404]), true),
            (304, IndexSet(integersIn: 200..<400), true), (500, IndexSet(), false),
        ]
    )
    func statusAcceptance(status: Int, acceptable: IndexSet, passes: Bool) {
        var serializer = HTTPResponseSerializer()
        serializer.acceptableStatusCodes = acceptable
        let result = Result { () throws(SessionError) in
            try serializer.serialize(response: makeResponse(status: status), data: Data("x".utf8))
        }
        #expect(((try? result.get()) != nil) == passes)
        if case .failure(.responseValidation(let failure)) = result {
            #expect(failure.reason == .unacceptableStatusCode(status))
            #expect(failure.data == Data("x".utf8))
            #expect(failure.response.statusCode == status)
        }
    }

    @Test(
        "content type acceptance",
        arguments: [
            ("application/json", "application/json", true),
            ("application/json; charset=utf-8", "application/json", true),
            ("Application/JSON", "application/json", true), ("text/html", "application/json", false),
            (nil, "application/json", false),
        ] as [(String?, String, Bool)]
    )
    func contentTypeAcceptance(contentType: String?, acceptable: String, passes: Bool) {
        var serializer = HTTPResponseSerializer()
        serializer.acceptableContentTypes = [acceptable]
        let response = makeResponse(contentType: contentType)
        #expect(((try? serializer.serialize(response: response, data: Data("{}".utf8))) != nil) == passes)
        // An empty body is never rejected for its type: there is nothing to decode.
        #expect((try? serializer.serialize(response: response, data: Data())) != nil)
    }

    @Test("a bad status on top of a bad content type chains both, carrying response and data")
    func chainedFailure() throws {
        var serializer = HTTPResponseSerializer()
        serializer.acceptableContentTypes = ["application/json"]
        let response = makeResponse(status: 500, contentType: "text/html")
        let data = Data("<h1>oops</h1>".utf8)
        #expect {
            try serializer.serialize(response: response, data: data)
        } throws: { error in
            guard case .responseValidation(let failure) = error as? SessionError else { return false }
            return failure.reasons == [.unacceptableStatusCode(500), .unacceptableContentType("text/html")]
                && failure.data == data && failure.response == response
        }
    }

    @Test(
        "JSON: accepted types, no value for an empty body or a single space",
        arguments: [
            ("application/json", "[1]", ParameterValue.array([1])), ("text/json", "{\"a\":true}", ["a": true]),
            ("text/javascript", "{\"a\":1.5}", ["a": 1.5]), ("application/json", "", nil),
            ("application/json", " ", nil),
        ] as [(String, String, ParameterValue?)]
    )
    func json(contentType: String, body: String, expected: ParameterValue?) throws {
        let value = try JSONResponseSerializer().serialize(
            response: makeResponse(contentType: contentType),
            data: Data(body.utf8)
        )
        #expect(value == expected)
    }

    @Test("JSON: booleans stay booleans, numbers stay numbers")
    func jsonTypes() throws {
        let value = try JSONResponseSerializer().decode(
            Data("[true, 1, 0, false, 2.5, -3, 9007199254740993, \"s\", null]".utf8)
        )
        #expect(value == [true, 1, 0, false, 2.5, -3, .int(9_007_199_254_740_993), "s", nil])
    }

    @Test(
        "JSON: invalid bodies and unacceptable types are errors",
        arguments: [
            ("application/json", "{nope", true), ("text/html", "{}", false), ("application/json", "1", true),
        ]
    )
    func jsonErrors(contentType: String, body: String, isSerializationError: Bool) {
        #expect {
            try JSONResponseSerializer().serialize(
                response: makeResponse(contentType: contentType),
                data: Data(body.utf8)
            )
        } throws: { error in
            switch error as? SessionError {
            case .responseSerialization(let failure): isSerializationError && failure.kind == .invalidJSON
            case .responseValidation: !isSerializationError
            default: false
            }
        }
    }

    @Test("JSON: fragments with .fragmentsAllowed")
    func jsonFragments() throws {
        let serializer = JSONResponseSerializer(readingOptions: .fragmentsAllowed)
        #expect(try serializer.decode(Data("\"x\"".utf8)) == "x")
        #expect(try serializer.decode(Data("null".utf8)) == .null)
    }

    @Test(
        "removesKeysWithNullValues recursively",
        arguments: [
            ("{\"a\":null,\"b\":1}", ParameterValue.dictionary(["b": 1])),
            ("{\"a\":{\"b\":null,\"c\":[null,{\"d\":null,\"e\":2}]}}", ["a": ["c": [["e": 2]]]]),
            ("[null, 1, [null]]", [1, []]),
            ("{\"a\":[]}", ["a": []]),
        ] as [(String, ParameterValue)]
    )
    func nullRemoval(body: String, expected: ParameterValue) throws {
        var serializer = JSONResponseSerializer()
        serializer.removesKeysWithNullValues = true
        #expect(try serializer.decode(Data(body.utf8)) == expected)
        serializer.removesKeysWithNullValues = false
        if body.contains("null") { #expect(try serializer.decode(Data(body.utf8)) != expected) }
    }

    @Test("XML parser serializer hands back a parser over the body")
    func xmlParser() throws {
        let body = Data("<root><item>1</item></root>".utf8)
        let input = try XMLParserResponseSerializer().serialize(
            response: makeResponse(contentType: "text/xml"),
            data: body
        )
        #expect(input.makeParser().parse())
        #expect(throws: SessionError.self) {
            try XMLParserResponseSerializer().serialize(
                response: makeResponse(contentType: "application/json"),
                data: body
            )
        }
    }

    @Test("XML document serializer parses and rejects malformed XML")
    func xmlDocument() throws {
        let value = try XMLDocumentResponseSerializer().serialize(
            response: makeResponse(contentType: "application/xml"),
            data: Data("<root a=\"1\"><c/></root>".utf8)
        )
        #expect(value.rootElementName == "root")
        #expect(try value.makeDocument().rootElement()?.children?.count == 1)
        #expect {
            try XMLDocumentResponseSerializer().serialize(
                response: makeResponse(contentType: "application/xml"),
                data: Data("<root>".utf8)
            )
        } throws: { error in
            if case .responseSerialization(let failure) = error as? SessionError { return failure.kind == .invalidXML }
            return false
        }
    }

    @Test("property list serializer rejects what is not a property list")
    func propertyListErrors() {
        for body in ["", "not a plist"] {
            #expect(throws: SessionError.self) {
                try PropertyListResponseSerializer().serialize(
                    response: makeResponse(contentType: "application/x-plist"),
                    data: Data(body.utf8)
                )
            }
        }
    }
}
