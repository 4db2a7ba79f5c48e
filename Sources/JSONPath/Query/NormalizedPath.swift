/// One step of a node's location: a member name or an array index.
enum PathElement: Sendable {
    case name(String)
    case index(Int)
}

/// A node's location as a shared linked list, so selecting a child costs one small allocation
/// instead of copying the parent's path; rendered to text only for the final result.
final class PathLink: Sendable {
    let parent: PathLink?
    let element: PathElement

    init(parent: PathLink?, element: PathElement) {
        self.parent = parent
        self.element = element
    }
}

/// Renders normalized paths (RFC 9535 §2.7): `$['store']['book'][0]`.
enum NormalizedPath {
    /// The normalized path of a node; `nil` is the root.
    static func render(_ link: PathLink?) -> String {
        var elements: [PathElement] = []
        var current = link
        while let node = current {
            elements.append(node.element)
            current = node.parent
        }
        var text = "$"
        for element in elements.reversed() {
            switch element {
            case .name(let name): text += "['" + escape(name) + "']"
            case .index(let index): text += "[" + String(index) + "]"
            }
        }
        return text
    }

    /// Escapes a member name for a normalized path: `\b \f \n \r \t \' \\`, other controls as
    /// `\u00xx` (lowercase hex), everything else as is.
    static func escape(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
