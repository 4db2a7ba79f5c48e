import JSONPath

/// A file read for a `$ref`: its value, its source index (for places in it) and its path as users see it.
struct FragmentFile {
    var root: JSONValue
    var index: JSONSourceIndex
    var displayPath: String
}
