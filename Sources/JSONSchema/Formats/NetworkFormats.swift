import Foundation

/// Host names (RFC 1123), IP addresses (RFC 2673, RFC 4291) and e-mail addresses (RFC 5321).
enum NetworkFormats {
    static func isHostname(_ text: String) -> Bool {
        let name = Substring(text)
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
            guard label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return false }
            // "xn--" is the only label that may have hyphens in positions 3 and 4 (RFC 5891 §4.2.3.1).
            let characters = Array(label)
            if characters.count >= 4, characters[2] == "-", characters[3] == "-" {
                return label.lowercased().hasPrefix("xn--")
            }
            return true
        }
    }

    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part == "0" || !part.hasPrefix("0"), let value = Int(part)
            else { return false }
            return value <= 255
        }
    }

    static func isIPv6(_ text: String) -> Bool {
        var address = Substring(text)
        var groupsAvailable = 8
        if let lastColon = address.lastIndex(of: ":"), address[address.index(after: lastColon)...].contains(".") {
            guard isIPv4(address[address.index(after: lastColon)...]) else { return false }
            address = address[...lastColon]
            if address.hasSuffix(":") && !address.hasSuffix("::") { address = address.dropLast() }
            groupsAvailable = 6
        }
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ half: String) -> [Substring]? {
            if half.isEmpty { return [] }
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isHexDigit } })
            else {
                return nil
            }
            return parts
        }
        guard let first = groups(halves[0]) else { return false }
        if halves.count == 2 {
            guard let second = groups(halves[1]) else { return false }
            return first.count + second.count < groupsAvailable
        }
        return first.count == groupsAvailable
    }

    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
        } else {
            let allowed = "!#$%&'*+-/=?^_`{|}~"
            guard local.first != ".", local.last != ".", !local.contains(".."),
                local.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || allowed.contains($0)) })
            else { return false }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return isIPv6(String(literal.dropFirst(5))) }
            return isIPv4(literal)
        }
        return isHostname(String(domain))
    }
}
