import Foundation

/// Alamofire's `StringResponseSerializer`: validates, then decodes the body as text.
///
/// The encoding is ``encoding`` when set, else the response's `charset` when Foundation knows it
/// (UTF-8/16/32, US-ASCII, ISO-8859-1 and -2, windows-1250 to -1254, Shift_JIS, EUC-JP, ISO-2022-JP), else
/// UTF-8. Alamofire falls back to ISO-8859-1, HTTP/1.1's old default; UTF-8 is what APIs send today.
public struct StringResponseSerializer: ResponseSerializing {
    /// Status codes that pass validation; 200–299 by default.
    public var acceptableStatusCodes = HTTPResponseSerializer.defaultAcceptableStatusCodes
    /// Any content type by default (nil); set it to restrict.
    public var acceptableContentTypes: Set<String>?
    /// The encoding to use whatever the response declares; nil follows the response.
    public var encoding: String.Encoding?

    /// Creates a serializer.
    /// - Parameter encoding: Forces an encoding; nil (the default) follows the response's `charset`.
    public init(encoding: String.Encoding? = nil) { self.encoding = encoding }

    /// Validates and decodes the body; an empty body is an empty string.
    /// - Returns: The text.
    /// - Throws: `.responseValidation`, or `.responseSerialization` when the bytes are not valid in the encoding.
    public func serialize(response: HTTPResponse, data: Data) throws(SessionError) -> String {
        try HTTPResponseSerializer.validate(
            response: response,
            data: data,
            acceptableStatusCodes: acceptableStatusCodes,
            acceptableContentTypes: acceptableContentTypes
        )
        let used = encoding ?? response.textEncodingName.flatMap(Self.encoding(forCharset:)) ?? .utf8
        guard let text = String(data: data, encoding: used) else {
            throw .responseSerialization(
                .init(
                    message: "the \(data.count)-byte body is not valid \(used) text (set `encoding` to the right one)",
                    response: response,
                    data: data
                )
            )
        }
        return text
    }

    /// Foundation's encoding for an IANA charset name, or nil when it has none.
    static func encoding(forCharset name: String) -> String.Encoding? {
        switch name.lowercased() {
        case "utf-8", "utf8": .utf8
        case "us-ascii", "ascii": .ascii
        case "iso-8859-1", "latin1", "iso_8859-1", "l1": .isoLatin1
        case "iso-8859-2", "latin2": .isoLatin2
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "utf-32": .utf32
        case "utf-32le": .utf32LittleEndian
        case "utf-32be": .utf32BigEndian
        case "windows-1250", "cp1250": .windowsCP1250
        case "windows-1251", "cp1251": .windowsCP1251
        case "windows-1252", "cp1252": .windowsCP1252
        case "windows-1253", "cp1253": .windowsCP1253
        case "windows-1254", "cp1254": .windowsCP1254
        case "shift_jis", "shift-jis", "sjis": .shiftJIS
        case "euc-jp": .japaneseEUC
        case "iso-2022-jp": .iso2022JP
        default: nil
        }
    }
}
