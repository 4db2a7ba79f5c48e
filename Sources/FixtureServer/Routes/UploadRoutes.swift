import Foundation
import NIOCore

/// `/upload`: a streamed multipart echo (per part: name, filename, content type, size, sha256).
enum UploadRoutes {
    static var routes: [Route] {
        [
            Route("/upload", methods: ["POST", "PUT"], body: .streamed({ MultipartUploadConsumer($0) })) { _ in
                .error(.internalServerError, "streamed route called as buffered")
            }
        ]
    }
}

/// Hashes each part as it streams by; keeps only form-field values (up to 64 KiB each).
final class MultipartUploadConsumer: RequestBodyConsumer {
    private struct Part {
        var name: String?
        var filename: String?
        var contentType: String?
        var size = 0
        var digest = SHA256Digest()
        var value: [UInt8] = []
    }

    private var parser: MultipartParser?
    private var current: Part?
    private var parts: [[String: Any]] = []
    private var form: [(String, String)] = []
    private var rawSize = 0
    private var rawDigest = SHA256Digest()

    init(_ request: RouteRequest) {
        parser = MultipartParser.boundary(fromContentType: request.headers.first(name: "content-type"))
            .map { MultipartParser(boundary: $0) }
    }

    func consume(_ buffer: ByteBuffer) {
        guard parser != nil else {
            // Not multipart: hash the raw body so a plain upload is still checkable.
            rawSize += buffer.readableBytes
            buffer.withUnsafeReadableBytes { rawDigest.update($0) }
            return
        }
        buffer.withUnsafeReadableBytes { bytes in parser!.feed(bytes) { handle($0) } }
    }

    private func handle(_ event: MultipartParser.Event) {
        switch event {
        case .partBegin(let headers):
            let disposition = headers["content-disposition"]
            current = Part(
                name: MultipartParser.dispositionParameter("name", in: disposition),
                filename: MultipartParser.dispositionParameter("filename", in: disposition),
                contentType: headers["content-type"]
            )
        case .partData(let slice):
            current?.size += slice.count
            slice.withUnsafeBytes { current?.digest.update($0) }
            if current?.filename == nil, (current?.value.count ?? 0) < 65_536 {
                current?.value.append(contentsOf: slice)
            }
        case .partEnd:
            guard var part = current else { return }
            current = nil
            parts.append([
                "name": part.name ?? NSNull(), "filename": part.filename ?? NSNull(),
                "contentType": part.contentType ?? NSNull(), "size": part.size, "sha256": part.digest.finalizeHex(),
            ])
            if part.filename == nil, let name = part.name {
                form.append((name, String(decoding: part.value, as: UTF8.self)))
            }
        }
    }

    func finish(_ request: RouteRequest) -> RouteReply {
        guard let parser else {
            return .json(["multipart": false, "size": rawSize, "sha256": rawDigest.finalizeHex()])
        }
        return .json([
            "multipart": true, "complete": parser.isComplete, "parts": parts,
            "form": QueryString.jsonObject(form),
        ])
    }
}
