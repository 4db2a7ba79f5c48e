import Foundation

/// AFNetworking's `AFImageResponseSerializer`: validates against AF's image content types, then
/// reads the image header into an ``ImageInfo`` (format, width and height in pixels).
///
/// The body must be an image of the type its Content-Type declares: a PNG sent as
/// `image/jpeg`, or HTML sent as `image/png`, is an error. A type outside AF's list (when
/// ``acceptableContentTypes`` is widened) accepts any format this module can read.
public struct ImageResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes = HTTPResponseSerializer.defaultAcceptableStatusCodes
    /// AF's image types by default; nil accepts any.
    public var acceptableContentTypes: Set<String>? = [
        "image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
        "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap",
    ]

    /// Creates a serializer with AF's defaults.
    public init() {}

    /// Validates and reads the image header.
    /// - Throws: `.responseValidation`, or `.responseSerialization` (kind `.notAnImage`) for an
    ///   empty body or bytes that are not an image of the declared type.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> ImageInfo {
        try HTTPResponseSerializer.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
        let declared = response.mimeType
        let expected = declared.flatMap(ImageInfo.format(forMIMEType:))
        let info = expected.map { ImageInfo(data: data, format: $0) } ?? ImageInfo(data: data)
        guard let info else {
            let what = expected.map { "a \($0.rawValue.uppercased()) image" } ?? "an image this module can read"
            throw .responseSerialization(
                .init(
                    message: "body (\(data.count) bytes) is not \(what) as \(declared ?? "the response") declares",
                    response: response,
                    data: data,
                    kind: .notAnImage(declared: declared)
                )
            )
        }
        return info
    }
}
