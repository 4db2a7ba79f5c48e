import Foundation
import Testing

@testable import AFSession

/// JSON and property-list request serializers.
@Suite struct BodyRequestSerializerTests {
    let url = URL(string: "http://h.test/p")!

    @Test("JSON body with application/json and writing options")
    func jsonBody() throws {
        let serializer = JSONRequestSerializer(writingOptions: [.sortedKeys])
        let request = try serializer.request(
            method: .post,
            url: url,
            parameters: ["b": [1, 2.5, true, nil], "a": "x/y"],
            headers: [:]
        )
        #expect(request.headers["Content-Type"] == "application/json")
        let body = try drain(request.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.hasPrefix("{\"a\":\"x"))
        let decoded = try JSONResponseSerializer().decode(body)
        #expect(decoded == ["a": "x/y", "b": [1, 2.5, true, nil]])
    }

    @Test("pretty printed JSON has line breaks")
    func prettyPrinted() throws {
        let request = try JSONRequestSerializer(writingOptions: [.prettyPrinted, .sortedKeys])
            .request(method: .put, url: url, parameters: ["a": 1, "b": 2], headers: [:])
        let text = String(decoding: try drain(request.body), as: UTF8.self)
        #expect(text.contains("\n"))
        #expect(text.firstRange(of: "\"a\"")!.lowerBound < text.firstRange(of: "\"b\"")!.lowerBound)
    }

    @Test("JSON keeps a caller's Content-Type; nil parameters send no body")
    func jsonContentTypeAndNil() throws {
        let serializer = JSONRequestSerializer()
        let custom = try serializer.request(
            method: .post,
            url: url,
            parameters: [:],
            headers: ["Content-Type": "application/vnd.x+json"]
        )
        #expect(custom.headers["Content-Type"] == "application/vnd.x+json")
        #expect(try drain(custom.body) == Data("{}".utf8))
        let none = try serializer.request(method: .post, url: url, parameters: nil, headers: [:])
        #expect(none.body == nil)
        #expect(none.headers["Content-Type"] == nil)
    }

    @Test(
        "values JSON cannot hold are errors, not crashes",
        arguments: [
            ["x": .double(.nan)], ["x": .double(.infinity)], ["x": .data(Data([1]))],
            ["x": .set([1])], ["x": .date(Date(timeIntervalSince1970: 0))], ParameterValue.string("top-level"),
        ] as [ParameterValue]
    )
    func invalidJSON(parameters: ParameterValue) {
        #expect {
            try JSONRequestSerializer().request(method: .post, url: url, parameters: parameters, headers: [:])
        } throws: { error in
            guard case .requestSerialization(.invalidParameters(let why)) = error as? SessionError else { return false }
            return !why.isEmpty
        }
    }

    @Test("a top-level fragment is allowed with .fragmentsAllowed")
    func fragment() throws {
        let request = try JSONRequestSerializer(writingOptions: [.fragmentsAllowed])
            .request(method: .post, url: url, parameters: "hi", headers: [:])
        #expect(try drain(request.body) == Data("\"hi\"".utf8))
    }

    @Test("GET, HEAD and DELETE fall back to the query string", arguments: [HTTPMethod.get, .head, .delete])
    func bodySerializersFallBack(method: HTTPMethod) throws {
        let json = try JSONRequestSerializer().request(method: method, url: url, parameters: ["a": [1]], headers: [:])
        let plist = try PropertyListRequestSerializer().request(
            method: method,
            url: url,
            parameters: ["a": [1]],
            headers: [:]
        )
        for request in [json, plist] {
            #expect(request.url.absoluteString == "http://h.test/p?a%5B%5D=1")
            #expect(request.body == nil)
        }
    }

    @Test(
        "property list body, XML and binary",
        arguments: [
            (PropertyListSerialization.PropertyListFormat.xml, "<?xml"), (.binary, "bplist00"),
        ]
    )
    func propertyListBody(format: PropertyListSerialization.PropertyListFormat, prefix: String) throws {
        let parameters: ParameterValue = ["n": 1, "s": "x", "d": .data(Data([0, 1])), "a": [true, 2.5]]
        let request = try PropertyListRequestSerializer(format: format)
            .request(method: .post, url: url, parameters: parameters, headers: [:])
        #expect(request.headers["Content-Type"] == "application/x-plist")
        let body = try drain(request.body)
        #expect(body.starts(with: Data(prefix.utf8)))
        let decoded = try PropertyListResponseSerializer().serialize(
            response: makeResponse(contentType: "application/x-plist"),
            data: body
        )
        #expect(decoded == parameters)
    }

    @Test("null cannot go into a property list")
    func propertyListNull() {
        #expect(throws: SessionError.self) {
            try PropertyListRequestSerializer().request(method: .post, url: url, parameters: ["x": nil], headers: [:])
        }
    }
}
