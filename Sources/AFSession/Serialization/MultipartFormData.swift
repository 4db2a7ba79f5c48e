import Foundation

/// A `multipart/form-data` body built from parts (AF's `AFStreamingMultipartFormData`).
///
/// Parts come from bytes, text, files and input streams. The body is streamed to the transfer
/// part by part: files are opened and read only as the transfer asks for bytes, never loaded
/// whole. Its length is known up front, so it is sent with `Content-Length`.
///
/// Framing, with `B` the boundary: `--B\r\n` before the first part, `\r\n--B\r\n` between parts,
/// `\r\n--B--\r\n` after the last; each part is its header lines (`Name: value\r\n`), an empty
/// line, then its bytes.
public struct MultipartFormData: Sendable {
    /// The boundary between parts (`Boundary+` and 16 random hex digits by default).
    public let boundary: String
    /// The encoding of part headers and of text parts.
    public var stringEncoding: String.Encoding
    /// The parts in order.
    public private(set) var parts: [Part] = []
    /// The most body bytes per second the transfer sends, or nil for no limit; see
    /// ``throttleBandwidth(packetSize:delay:)``.
    public var maxSendBytesPerSecond: Int64?

    /// AF's suggested packet size for slow links (16 KiB).
    public static let suggestedPacketSize = 16 * 1024
    /// AF's suggested delay between packets for slow links (0.2 s).
    public static let suggestedDelay = Duration.milliseconds(200)

    /// Creates an empty form.
    /// - Parameters:
    ///   - boundary: The boundary; a random one by default. Tests pass a fixed one.
    ///   - stringEncoding: The encoding of headers and text parts; UTF-8 by default.
    public init(boundary: String = MultipartFormData.randomBoundary(), stringEncoding: String.Encoding = .utf8) {
        self.boundary = boundary
        self.stringEncoding = stringEncoding
    }

    /// `Boundary+` followed by two random 32-bit numbers in upper-case hex, 8 digits each.
    public static func randomBoundary() -> String {
        func hex() -> String {
            let digits = String(UInt32.random(in: .min ... .max), radix: 16, uppercase: true)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }
        return "Boundary+" + hex() + hex()
    }

    /// `multipart/form-data; boundary=…`, the request's Content-Type.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Whether no part was added.
    public var isEmpty: Bool { parts.isEmpty }

    /// The body's exact length in bytes: every boundary, header block and part body.
    public var contentLength: Int64 {
        segments().reduce(0) { $0 + $1.length }
    }

    /// Adds a part with headers and a body source.
    mutating func append(headers: HTTPHeaders, source: Part.Source, length: Int64) {
        parts.append(Part(headers: headers, source: source, length: length))
    }

    /// Limits the upload rate as AF's `throttleBandwidthWithPacketSize:delay:` does: at most
    /// `packetSize` bytes per `delay`, i.e. `packetSize / delay` bytes per second.
    /// - Parameters:
    ///   - packetSize: Bytes per packet; AF suggests 16 KiB.
    ///   - delay: Time per packet; AF suggests 0.2 s.
    public mutating func throttleBandwidth(
        packetSize: Int = suggestedPacketSize,
        delay: Duration = suggestedDelay
    ) {
        let seconds = delay.milliseconds / 1_000
        maxSendBytesPerSecond = seconds > 0 ? max(1, Int64((Double(packetSize) / seconds).rounded())) : nil
    }

    /// The body for a request: a stream made anew for each attempt, with the length up front.
    public var body: RequestBody {
        let segments = segments()
        let length = segments.reduce(0) { $0 + $1.length }
        let limit = maxSendBytesPerSecond
        return .stream(length: length) { MultipartBodyStream(segments: segments, maxSendBytesPerSecond: limit) }
    }

    /// The bytes on the wire, in order: boundary and headers as data, part bodies as their sources.
    func segments() -> [MultipartBodyStream.Segment] {
        var result: [MultipartBodyStream.Segment] = []
        for (index, part) in parts.enumerated() {
            let opening = index == 0 ? "--\(boundary)\r\n" : "\r\n--\(boundary)\r\n"
            var head = encode(opening)
            for field in part.headers { head.append(encode("\(field.name): \(field.value)\r\n")) }
            head.append(encode("\r\n"))
            result.append(.data(head))
            switch part.source {
            case .data(let data): result.append(.data(data))
            case .file(let url): result.append(.file(url, length: part.length))
            case .stream(let make): result.append(.stream(make, length: part.length))
            }
        }
        if !parts.isEmpty { result.append(.data(encode("\r\n--\(boundary)--\r\n"))) }
        return result
    }

    /// Header text in ``stringEncoding``; a character it cannot hold becomes `?` rather than
    /// dropping the whole header.
    func encode(_ text: String) -> Data {
        text.data(using: stringEncoding, allowLossyConversion: true) ?? Data(text.utf8)
    }
}
