/// Which 2020-12 vocabularies a schema's metaschema turns on (`$vocabulary`); a standard
/// metaschema turns on all of them.
struct Vocabularies: Sendable, Hashable {
    var applicator = true
    var validation = true
    var unevaluated = true
    var formatAssertion = false

    static let all = Vocabularies()

    /// Reads a metaschema's `$vocabulary` member names.
    init(declared uris: [String]) {
        let prefix = "https://json-schema.org/draft/2020-12/vocab/"
        applicator = uris.contains(prefix + "applicator")
        validation = uris.contains(prefix + "validation")
        unevaluated = uris.contains(prefix + "unevaluated")
        formatAssertion = uris.contains(prefix + "format-assertion")
    }

    init() {}
}
