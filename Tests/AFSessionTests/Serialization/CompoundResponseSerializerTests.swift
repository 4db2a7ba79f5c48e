import Foundation
import Testing

@testable import AFSession

/// The compound serializer tries in order; the first that validates and yields a value wins.
@Suite struct CompoundResponseSerializerTests {
    let compound = CompoundResponseSerializer([
        JSONResponseSerializer(), ImageResponseSerializer(), XMLParserResponseSerializer(),
    ])

    @Test(
        "the first serializer that validates wins",
        arguments: [
            ("application/json", Data("{\"a\":1}".utf8), 0 as Int?),
            ("image/gif", ImageResponseSerializerTests.gif(width: 2, height: 3), 1),
            ("text/xml", Data("<a/>".utf8), 2),
            ("text/plain", Data("hello".utf8), nil),
            // AF's XML parser serializer accepts an empty body too, so it wins after JSON yields nil.
            ("application/json", Data(), 2),
        ]
    )
    func winner(contentType: String, data: Data, index: Int?) throws {
        let output = try compound.serialize(response: makeResponse(contentType: contentType), data: data)
        #expect(output.serializerIndex == index)
        switch index {
        case 0: #expect(output.value as? ParameterValue == ["a": 1])
        case 1: #expect(output.value as? ImageInfo == ImageInfo(format: .gif, width: 2, height: 3))
        case 2: #expect((output.value as? XMLParserInput)?.data == data)
        default: #expect(output.value as? Data == data)
        }
    }

    @Test("an empty JSON body is no value, so the next serializer or the fallback answers")
    func emptyJSONFallsThrough() throws {
        let chain = CompoundResponseSerializer([JSONResponseSerializer(), ImageResponseSerializer()])
        let output = try chain.serialize(response: makeResponse(contentType: "application/json"), data: Data())
        #expect(output.serializerIndex == nil)
        #expect(output.value as? Data == Data())
    }

    @Test("when none wins, the fallback's validation applies")
    func fallbackValidation() {
        #expect(throws: SessionError.self) {
            try compound.serialize(
                response: makeResponse(status: 500, contentType: "application/json"),
                data: Data("{}".utf8)
            )
        }
    }

    @Test("a serializer that fails to decode lets the next one try")
    func failingSerializerSkipped() throws {
        var lenientJSON = JSONResponseSerializer()
        lenientJSON.acceptableContentTypes = nil
        let chain = CompoundResponseSerializer([lenientJSON, HTTPResponseSerializer()])
        let output = try chain.serialize(response: makeResponse(contentType: "text/plain"), data: Data("not json".utf8))
        #expect(output.serializerIndex == 1)
        #expect(output.value as? Data == Data("not json".utf8))
    }
}
