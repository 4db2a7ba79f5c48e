import Foundation
import Glibc

/// A response body as text, decoded by the charset the response declares, as a browser would: a byte-order
/// mark first (UTF-8, UTF-16, UTF-32), then the `Content-Type` charset (any name iconv knows: ISO-8859-x,
/// windows-125x, GB2312/GBK/GB18030, Shift_JIS, EUC-JP/KR…), UTF-8 when none is declared. A charset iconv does
/// not know, or bytes invalid in the declared one, fall back to UTF-8 with replacement characters: an
/// assertion then fails showing what arrived, instead of erroring. `bytes` and `sha256` stay on the raw bytes.
enum BodyText {
    /// The text of `data` under `charset` (a `Content-Type` charset, lower-cased, or nil).
    static func decode(_ data: Data, charset: String?) -> String {
        if let (encoding, bomLength) = byteOrderMark(data) {
            return convert(data.dropFirst(bomLength), from: encoding) ?? String(decoding: data, as: UTF8.self)
        }
        guard let charset, !isUTF8(charset) else { return String(decoding: data, as: UTF8.self) }
        return convert(data, from: charset) ?? String(decoding: data, as: UTF8.self)
    }

    /// The text of `data` in `charset` (lower-cased), nil when the bytes are not valid in it or iconv does
    /// not know it: the `decode` filter fails then rather than guessing.
    static func strictDecode(_ data: Data, charset: String) -> String? {
        if isUTF8(charset) { return String(validating: data, as: UTF8.self) }
        return convert(data, from: charset)
    }

    private static func isUTF8(_ charset: String) -> Bool {
        charset == "utf-8" || charset == "utf8" || charset == "us-ascii" || charset == "ascii"
    }

    /// The encoding a byte-order mark names and the mark's length.
    private static func byteOrderMark(_ data: Data) -> (String, Int)? {
        let head = [UInt8](data.prefix(4))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return ("UTF-32LE", 4) }
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return ("UTF-32BE", 4) }
        if head.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if head.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        return nil
    }

    /// `data` converted from `charset` to UTF-8 by iconv; nil when iconv does not know the charset or the
    /// bytes are not valid in it.
    private static func convert(_ data: Data, from charset: String) -> String? {
        let converter = iconv_open("UTF-8", charset)
        // iconv_open reports failure as (iconv_t)-1.
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var input = [UInt8](data)
        // UTF-8 takes at most 4 bytes per character; every charset here takes at least 1.
        var output = [UInt8](repeating: 0, count: data.count * 4 + 4)
        let outputCapacity = output.count
        let written: Int? = input.withUnsafeMutableBufferPointer { inBytes in
            output.withUnsafeMutableBufferPointer { outBytes in
                inBytes.withMemoryRebound(to: CChar.self) { inBuffer in
                    outBytes.withMemoryRebound(to: CChar.self) { outBuffer in
                        var inPointer = inBuffer.baseAddress
                        var outPointer = outBuffer.baseAddress
                        var inLeft = inBuffer.count
                        var outLeft = outBuffer.count
                        guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else {
                            return nil
                        }
                        return outputCapacity - outLeft
                    }
                }
            }
        }
        guard let written else { return nil }
        return String(decoding: output.prefix(written), as: UTF8.self)
    }
}
