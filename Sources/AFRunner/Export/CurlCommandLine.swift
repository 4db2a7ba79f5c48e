import AFSession
import Foundation

/// An `HTTPRequest` as a POSIX shell command line that makes curl send the same request: the same method,
/// URL, headers (afrun's `User-Agent`, none where afrun sends none) and body bytes, the same redirect, HTTP
/// version and timeout settings.
///
/// Every argument is single-quoted; one holding a control character is written with `printf` octal escapes
/// instead, so the text is safe both to paste into a shell and to print on a terminal.
enum CurlCommandLine {
    /// The command, one argument group per line with `\` continuations.
    /// - Parameters:
    ///   - tls: curl's TLS flags for the test's policy (`--insecure`, `--cacert 'file'`), quoted.
    ///   - form: for a multipart body, curl's `-F` and `--form-string` arguments (`CurlFormArguments`), which
    ///     take the place of the body and of its `Content-Type` (curl writes the boundary of its own body).
    static func text(for request: HTTPRequest, tls: [String] = [], form: [String]? = nil) -> String {
        var head = ["curl", "-g", "--compressed"]
        var lines: [String] = []
        var pipe: String?
        let body = form.map { $0.joined(separator: " \\\n  ") } ?? bodyArgument(request.body, pipe: &pipe)
        switch request.method.rawValue {
        case "GET" where body == nil: break
        case "POST" where body != nil: break
        case "HEAD" where body == nil: head.append("--head")
        default: head += ["-X", quote(request.method.rawValue)]
        }
        head.append(quote(request.url.absoluteString))
        if request.followsRedirects != false {
            lines.append("-L --max-redirs \(request.maxRedirects ?? 50)")
            if request.sendsCredentialsAcrossHosts { lines.append("--location-trusted") }
        }
        switch request.httpVersion {
        case .http1_0?: lines.append("--http1.0")
        case .http1_1?: lines.append("--http1.1")
        case .http2?: lines.append("--http2")
        case .http2PriorKnowledge?: lines.append("--http2-prior-knowledge")
        case .http2OverTLS?, nil: break
        }
        lines += tls
        lines += authenticationArguments(request.authentication)
        if let proxy = request.proxy { lines.append("--proxy " + quote(proxy)) }
        if let timeout = request.timeout {
            let ms = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
            lines.append("--max-time \(ms % 1_000 == 0 ? "\(ms / 1_000)" : String(format: "%.3f", Double(ms) / 1_000))")
        }
        for field in request.headers.fields where form == nil || field.name.lowercased() != "content-type" {
            // `Name;` is curl's way to send a header with an empty value (`Name:` would remove it).
            lines.append("-H " + quote(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"))
        }
        // curl adds its own where afrun sends none: an empty `Name:` stops it.
        if request.headers["User-Agent"] == nil { lines.append("-H 'User-Agent:'") }
        if let body {
            if request.headers["Content-Type"] == nil, form == nil { lines.append("-H 'Content-Type:'") }
            lines.append(body)
        }
        let command = ([head.joined(separator: " ")] + lines).joined(separator: " \\\n  ")
        return shellVariables(in: (pipe.map { $0 + " | " } ?? "") + command)
    }

    /// curl's flags for the credentials libcurl answers with (`--digest -u`, `--oauth2-bearer`, `--aws-sigv4`).
    private static func authenticationArguments(_ authentication: HTTPAuthentication?) -> [String] {
        switch authentication {
        case nil: return []
        case .basic(let username, let password)?: return ["--basic -u " + quote("\(username):\(password)")]
        case .digest(let username, let password)?: return ["--digest -u " + quote("\(username):\(password)")]
        case .ntlm(let username, let password)?: return ["--ntlm -u " + quote("\(username):\(password)")]
        case .bearer(let token)?: return ["--oauth2-bearer " + quote(token)]
        case .awsSigV4(let provider, let accessKey, let secretKey)?:
            return ["--aws-sigv4 " + quote(provider), "-u " + quote("\(accessKey):\(secretKey)")]
        }
    }

    /// The `--data-binary` argument for `body`; bytes a terminal or a single-quoted string cannot carry
    /// go through `printf` into curl's standard input (`pipe`).
    private static func bodyArgument(_ body: RequestBody?, pipe: inout String?) -> String? {
        switch body {
        case nil: return nil
        case .file(let url)?: return "--data-binary " + quote("@" + url.path)
        case .stream?: return "--data-binary @-  # the body is streamed by afrun: give it on standard input"
        case .data(let data)?:
            if let text = String(data: data, encoding: .utf8), !text.unicodeScalars.contains(where: isControl) {
                return "--data-binary " + quote(text)
            }
            pipe = "printf " + printfFormat(data)
            return "--data-binary @-"
        }
    }

    /// `text` for a POSIX shell: single-quoted, or a `printf` of octal escapes when it holds a control character.
    static func quote(_ text: String) -> String {
        if text.unicodeScalars.contains(where: isControl) { return "\"$(printf \(printfFormat(Data(text.utf8))))\"" }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Whether a scalar is a control character (newlines and tabs too: none stays raw in a printed command,
    /// apart from a body's newlines and tabs, which single quotes keep as they are).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
            || (0x80...0x9F).contains(scalar.value)
    }

    /// A single-quoted `printf` format that writes `data`: printable ASCII as it is (`%` doubled), every other
    /// byte as a three-digit octal escape.
    private static func printfFormat(_ data: Data) -> String {
        var out = "'"
        for byte in data {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\\"): out += "\\" + String(byte, radix: 8).leftPadded(3)
            case UInt8(ascii: "%"): out += "%%"
            case 0x20...0x7E: out += String(UnicodeScalar(byte))
            default: out += "\\" + String(byte, radix: 8).leftPadded(3)
            }
        }
        return out + "'"
    }

    /// The shell variable a captured name becomes (`user.id` → `user_id`).
    static func shellName(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// Each capture sentinel (see `CurlExport.sentinel`) as a double-quoted shell variable, closing and
    /// reopening the single quotes around it.
    private static func shellVariables(in command: String) -> String {
        var out = command
        while let start = out.range(of: "AFRUNCAPTURE"),
            let end = out.range(of: "END", range: start.upperBound..<out.endIndex)
        {
            let hex = Array(out[start.upperBound..<end.lowerBound].utf8)
            let bytes = stride(from: 0, to: hex.count - 1, by: 2).compactMap {
                UInt8(String(decoding: hex[$0...$0 + 1], as: UTF8.self), radix: 16)
            }
            let name = shellName(String(decoding: bytes, as: UTF8.self))
            out.replaceSubrange(start.lowerBound..<end.upperBound, with: "'\"$\(name)\"'")
        }
        // A variable at an argument's start or end leaves an empty `''` beside it. Quoted text cannot hold
        // `''"` after a blank or `"''` before one (its `'` is written `'\''`): only these are dropped.
        return out.replacingOccurrences(of: #"(?<=\s)''(?=")"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"(?<=")''(?=\s|$)"#, with: "", options: .regularExpression)
    }
}

extension String {
    /// The text with leading zeros up to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
