/// A path pattern such as `/status/{code}` or `/anything/*` (`*` matches zero or more segments).
struct RoutePattern: Sendable {
    private enum Segment: Sendable {
        case literal(String)
        case parameter(String)
        case rest
    }

    private let segments: [Segment]

    /// The first literal segment, used to index the routing table.
    var firstLiteral: String? {
        if case .literal(let value)? = segments.first { return value }
        return nil
    }

    init(_ text: String) {
        segments = text.split(separator: "/").map { part in
            if part == "*" { return .rest }
            if part.hasPrefix("{"), part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
    }

    /// The parameters when `path` matches (`*` under the key `*`), else nil.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest:
                parameters["*"] = pathSegments.dropFirst(index).joined(separator: "/")
                return parameters
            case .literal(let value):
                guard index < pathSegments.count, pathSegments[index] == value else { return nil }
            case .parameter(let name):
                guard index < pathSegments.count else { return nil }
                parameters[name] = String(pathSegments[index]).removingPercentEncodingIfPossible
            }
        }
        return pathSegments.count == segments.count ? parameters : nil
    }
}

extension String {
    fileprivate var removingPercentEncodingIfPossible: String {
        guard contains("%") else { return self }
        return Self.percentDecoded(self) ?? self
    }

    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
