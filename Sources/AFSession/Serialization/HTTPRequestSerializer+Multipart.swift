import Foundation

extension HTTPRequestSerializer {
    /// Builds a `multipart/form-data` request (AF's `multipartFormRequestWithMethod:…`).
    ///
    /// The parameters become the first parts, one per query pair in AF's order, named by the
    /// unescaped field (`user[name]`): `.data` as its bytes, `null` as an empty value, anything
    /// else as its description in ``stringEncoding``. `build` then adds its own parts. A form
    /// with no parts leaves the request without a body, as AF does.
    /// - Parameters:
    ///   - method: The method; not GET or HEAD.
    ///   - url: The URL.
    ///   - parameters: Form fields added before `build`'s parts, or nil.
    ///   - headers: Headers for this request.
    ///   - boundary: The boundary; a random one by default.
    ///   - build: Adds parts.
    /// - Returns: The request, its body streamed from the parts with the length known.
    /// - Throws: `.requestSerialization` for GET or HEAD, an unreadable file, or what `build` throws.
    public func multipartFormRequest(
        method: HTTPMethod = .post,
        url: URL,
        parameters: ParameterValue?,
        headers: HTTPHeaders = [:],
        boundary: String = MultipartFormData.randomBoundary(),
        constructingBodyWith build: (inout MultipartFormData) throws(SessionError) -> Void = { _ in }
    ) throws(SessionError) -> HTTPRequest {
        guard method != .get, method != .head else { throw .requestSerialization(.methodWithoutBody(method)) }
        var form = MultipartFormData(boundary: boundary, stringEncoding: stringEncoding)
        if let parameters {
            for pair in QueryString.pairs(from: parameters) {
                let value: Data
                switch pair.parameter {
                case .data(let bytes): value = bytes
                case .null: value = Data()
                default: value = try encode(pair.value ?? "")
                }
                form.appendPart(formData: value, name: pair.field)
            }
        }
        try build(&form)
        return Self.request(preparedRequest(method: method, url: url, headers: headers), finalizing: form)
    }

    /// `request` with `form` as its body and Content-Type; unchanged when the form is empty.
    ///
    /// No `Content-Length` header is written: the body's known length is what the transfer
    /// sends as `Content-Length`, and two would disagree if the form changed.
    /// - Parameters:
    ///   - request: The request.
    ///   - form: The parts.
    /// - Returns: The request with the body.
    public static func request(_ request: HTTPRequest, finalizing form: MultipartFormData) -> HTTPRequest {
        guard !form.isEmpty else { return request }
        var request = request
        request.headers["Content-Type"] = form.contentType
        request.body = form.body
        return request
    }
}
