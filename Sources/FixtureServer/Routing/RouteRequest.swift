import Foundation
import NIOCore
import NIOHTTP1

/// A request as a handler sees it: head, parsed target, path parameters and (for buffered routes) the body.
struct RouteRequest {
    let head: HTTPRequestHead
    let path: String
    let query: [(String, String)]
    let parameters: [String: String]
    var body: ByteBuffer
    /// `http` or `https`.
    let scheme: String
    let isHTTP2: Bool
    let endpoint: Endpoint
    let remoteAddress: String
    let state: ServerState

    var method: String { head.method.rawValue }
    var headers: HTTPHeaders { head.headers }
    var host: String { head.headers.first(name: "host") ?? "localhost" }
    /// The absolute URL of the request.
    var url: String { head.uri.hasPrefix("http://") ? head.uri : "\(scheme)://\(host)\(head.uri)" }
    var bodyBytes: [UInt8] { body.getBytes(at: body.readerIndex, length: body.readableBytes) ?? [] }
    var bodyText: String { String(decoding: body.readableBytesView, as: UTF8.self) }

    /// The first value of a query parameter.
    func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    /// An integer path parameter.
    func intParameter(_ name: String) -> Int? { parameters[name].flatMap { Int($0) } }

    /// The headers as a JSON object; repeated fields joined with ", ".
    var headersObject: [String: Any] {
        var object: [String: String] = [:]
        for (name, value) in head.headers {
            if let existing = object[name] { object[name] = existing + ", " + value } else { object[name] = value }
        }
        return object
    }

    /// The httpbin-style echo of the request: method, url, args, headers, origin, data, form, json, files.
    var echoObject: [String: Any] {
        var object: [String: Any] = [
            "method": method, "url": url, "args": QueryString.jsonObject(query), "headers": headersObject,
            "origin": remoteAddress, "data": bodyText, "form": [String: Any](), "files": [String: Any](),
            "json": NSNull(),
        ]
        let contentType = head.headers.first(name: "content-type")?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            object["form"] = QueryString.jsonObject(QueryString.parse(Substring(bodyText)))
        } else if let boundary = MultipartParser.boundary(fromContentType: head.headers.first(name: "content-type")) {
            let (form, files) = Self.multipartFields(bodyBytes, boundary: boundary)
            object["form"] = form
            object["files"] = files
            object["data"] = ""
        }
        if body.readableBytes > 0,
            let json = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: .fragmentsAllowed)
        {
            object["json"] = json
        }
        return object
    }

    /// Form fields and files (as text) of a buffered multipart body.
    private static func multipartFields(_ bytes: [UInt8], boundary: String) -> ([String: Any], [String: Any]) {
        var parser = MultipartParser(boundary: boundary)
        var form: [(String, String)] = []
        var files: [(String, String)] = []
        var current: (name: String, isFile: Bool, content: [UInt8])?
        parser.feed(bytes) { event in
            switch event {
            case .partBegin(let headers):
                let disposition = headers["content-disposition"]
                let name = MultipartParser.dispositionParameter("name", in: disposition) ?? ""
                current = (name, MultipartParser.dispositionParameter("filename", in: disposition) != nil, [])
            case .partData(let slice):
                current?.content.append(contentsOf: slice)
            case .partEnd:
                if let part = current {
                    let text = String(decoding: part.content, as: UTF8.self)
                    if part.isFile { files.append((part.name, text)) } else { form.append((part.name, text)) }
                }
                current = nil
            }
        }
        return (QueryString.jsonObject(form), QueryString.jsonObject(files))
    }
}
