import AFSession
import AFSuite
import Foundation
import JSONPath

extension RequestBuilder {
    /// Encodes a body spec into `request`, setting `Content-Type` unless the test set one.
    func encode(
        _ body: BodySpec,
        into request: inout HTTPRequest,
        scope: VariableScope,
        layout: RequestSettings.QueryFormat = .brackets
    ) throws(RunnerError) {
        func setType(_ type: String) {
            if request.headers["Content-Type"] == nil { request.headers["Content-Type"] = type }
        }
        switch body {
        case .json(let value):
            // A value that is exactly `"{{name}}"` takes the variable's JSON type (docs/suite-format.md).
            request.body = .data(Data(try scope.renderTyped(value).serialized().utf8))
            setType("application/json")
        case .form(let value) where layout != .brackets:
            let fields = QueryLayout.string(from: try scope.render(value).parameterValue, format: layout)
            request.body = .data(Data(fields.utf8))
            setType("application/x-www-form-urlencoded")
        case .form(let value):
            var serializer = HTTPRequestSerializer()
            serializer.methodsEncodingParametersInURI = []
            do {
                let encoded = try serializer.request(
                    method: .post,
                    url: request.url,
                    parameters: try scope.render(value).parameterValue,
                    headers: [:]
                )
                request.body = encoded.body
                setType(encoded.headers["Content-Type"] ?? "application/x-www-form-urlencoded")
            } catch {
                throw .request("form: \(error)")
            }
        case .text(let text):
            request.body = .data(Data(try scope.render(text).utf8))
            setType("text/plain; charset=utf-8")
        case .xml(let text):
            request.body = .data(Data(try scope.render(text).utf8))
            setType("application/xml")
        case .graphql(let operation):
            request.body = .data(Data(try graphQLEnvelope(operation, scope: scope).serialized().utf8))
            setType("application/json")
        case .base64(let text):
            let rendered = try scope.render(text)
            guard let bytes = BodySpec.decodeBase64(rendered) else {
                throw .request("bodyBase64: the text (from '\(text)') is not valid base64")
            }
            request.body = .data(bytes)
            setType("application/octet-stream")
        case .file(let path):
            let url = try fileURL(path, scope: scope)
            request.body = .file(url)
            setType(MIMEType.forPathExtension(url.pathExtension))
        case .multipart(let parts):
            var form = MultipartFormData()
            for part in parts {
                let name = try scope.render(part.name)
                switch part.content {
                case .value(let value):
                    form.appendPart(string: try scope.render(value), name: name)
                case .file(let path, let filename, let contentType):
                    let url = try fileURL(path, scope: scope)
                    let fileName = try filename.map { (s: String) throws(RunnerError) -> String in try scope.render(s) }
                    do {
                        // Streamed from disk while the body is sent (MultipartFormData reads parts lazily).
                        try form.appendPart(
                            fileURL: url,
                            name: name,
                            fileName: fileName ?? url.lastPathComponent,
                            mimeType: contentType ?? MIMEType.forPathExtension(url.pathExtension)
                        )
                    } catch {
                        throw .unreadableFile(path: path, reason: "\(error)")
                    }
                }
            }
            // The boundary must match the body, so the form's Content-Type wins over the test's.
            request = HTTPRequestSerializer.request(request, finalizing: form)
        }
    }

    /// The JSON a GraphQL server reads over HTTP: `query`, then `variables` and `operationName` when given.
    func graphQLEnvelope(_ operation: GraphQLSpec, scope: VariableScope) throws(RunnerError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("query", .string(try scope.render(operation.query)))]
        if let variables = operation.variables { members.append(("variables", try scope.renderTyped(variables))) }
        if let name = operation.operationName { members.append(("operationName", .string(try scope.render(name)))) }
        return .object(JSONObject(members))
    }
}
