import Foundation

@testable import AFSession

/// Reads a whole request body the way the transfer does, through small buffers.
func drain(_ body: RequestBody?, bufferSize: Int = 7) throws -> Data {
    switch body {
    case .none: return Data()
    case .data(let data): return data
    case .file(let url): return try Data(contentsOf: url)
    case .stream(_, let makeStream):
        let stream = try makeStream()
        defer { stream.close() }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }
}

/// A response head for validation tests.
func makeResponse(status: Int = 200, contentType: String? = nil, url: String = "http://example.test/x") -> HTTPResponse
{
    var headers = HTTPHeaders()
    if let contentType { headers["Content-Type"] = contentType }
    return HTTPResponse(url: URL(string: url)!, statusCode: status, headers: headers, httpVersion: .http1_1)
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("afrun-ser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
