import JSONPath

/// One validation pass over an instance: walks the compiled nodes, records violations (unless
/// inside an applicator that only needs a yes or no), and collects the evaluated members and items
/// `unevaluatedProperties`/`unevaluatedItems` need.
struct SchemaEvaluator {
    /// What a schema evaluated in an instance, for `unevaluated*` (only collected when asked).
    struct Annotations {
        var properties: Set<String> = []
        /// Items `0..<prefix` were evaluated.
        var itemPrefix = 0
        /// Items evaluated by `contains`.
        var items: Set<Int> = []
        var allProperties = false

        mutating func merge(_ other: Annotations) {
            properties.formUnion(other.properties)
            itemPrefix = max(itemPrefix, other.itemPrefix)
            items.formUnion(other.items)
            allProperties = allProperties || other.allProperties
        }
    }

    struct Outcome {
        var valid: Bool
        var annotations: Annotations?
    }

    /// One step of the instance location.
    enum Step {
        case key(String)
        case index(Int)
    }

    let schema: JSONSchema
    var violations: [SchemaViolation] = []
    var truncated = false
    /// Above zero inside `not`, `anyOf`, `oneOf`, `if`, `contains` and `propertyNames` checks:
    /// their subschemas' failures are not the instance's.
    var quiet = 0
    var path: [Step] = []
    /// The schema resources entered so far, outermost first: `$dynamicRef`'s dynamic scope.
    var scope: [Int] = []
    /// How many subschema evaluations are nested at this point.
    var depth = 0
    /// Set when ``maximumDepth`` was reached: every evaluation after it fails at once.
    var stopped = false

    /// The most nested subschema evaluations. Evaluation recurses, and a `$dynamicRef` loop, a schema
    /// nested hundreds of levels deep or a recursive schema over a document 512 levels deep (the parser's
    /// limit, within reach of any server) would otherwise exhaust the thread's stack. A recursive schema
    /// nests about three evaluations per level of the document it walks; 1,000 fit in 8 MiB of stack with
    /// room to spare in a debug build.
    static let maximumDepth = 1_000

    init(schema: JSONSchema) { self.schema = schema }

    /// Whether more failures matter: in a quiet pass the first one settles the answer.
    var stopsAtFirstFailure: Bool { quiet > 0 || truncated || stopped }

    /// Records a violation at the current instance location.
    mutating func fail(_ node: CompiledNode, _ keyword: String, _ message: @autoclosure () -> String) {
        guard quiet == 0, !stopped else { return }
        guard violations.count < schema.options.maxViolations else {
            truncated = true
            return
        }
        violations.append(
            SchemaViolation(
                instanceLocation: currentPointer,
                keywordLocation: keyword.isEmpty ? node.location : node.location + "/" + keyword,
                message: message()
            )
        )
    }

    /// The instance location as a JSON Pointer.
    var currentPointer: String {
        var pointer = ""
        for step in path {
            switch step {
            case .key(let key): pointer += "/" + JSONPointer.escape(key)
            case .index(let index): pointer += "/" + String(index)
            }
        }
        return pointer
    }

    /// Evaluates `instance` against node `index`.
    /// - Parameter collect: whether the caller needs the annotations.
    mutating func evaluate(_ index: Int, _ instance: JSONValue, collect: Bool) -> Outcome {
        evaluate(node: schema.nodes[index], instance, collect: collect)
    }

    private mutating func evaluate(node: CompiledNode, _ instance: JSONValue, collect: Bool) -> Outcome {
        if stopped { return Outcome(valid: false) }
        guard depth < Self.maximumDepth else {
            stop(at: node)
            return Outcome(valid: false)
        }
        depth += 1
        defer { depth -= 1 }
        if let constant = node.constant {
            if !constant { fail(node, "", "no value is allowed here (the schema is false)") }
            return Outcome(valid: constant, annotations: collect ? Annotations() : nil)
        }
        let entered = scope.last != node.resource
        if entered { scope.append(node.resource) }
        defer { if entered { scope.removeLast() } }
        let needs = collect || node.unevaluatedItems != nil || node.unevaluatedProperties != nil
        var annotations: Annotations? = needs ? Annotations() : nil
        var valid = true

        if let ref = node.ref {
            let outcome = evaluate(ref, instance, collect: needs)
            if !outcome.valid {
                valid = false
                if stopsAtFirstFailure { return Outcome(valid: false) }
            } else if let inner = outcome.annotations {
                annotations?.merge(inner)
            }
        }
        if let dynamic = node.dynamicRef {
            let outcome = evaluate(resolveDynamic(dynamic), instance, collect: needs)
            if !outcome.valid {
                valid = false
                if stopsAtFirstFailure { return Outcome(valid: false) }
            } else if let inner = outcome.annotations {
                annotations?.merge(inner)
            }
        }
        if !checkAssertions(node, instance) {
            valid = false
            if stopsAtFirstFailure { return Outcome(valid: false) }
        }
        switch instance {
        case .object(let object):
            if !evaluateObject(node, object, annotations: &annotations) {
                valid = false
                if stopsAtFirstFailure { return Outcome(valid: false) }
            }
        case .array(let array):
            if !evaluateArray(node, array, annotations: &annotations) {
                valid = false
                if stopsAtFirstFailure { return Outcome(valid: false) }
            }
        default: break
        }
        if !evaluateInPlace(node, instance, annotations: &annotations) {
            valid = false
            if stopsAtFirstFailure { return Outcome(valid: false) }
        }
        if !evaluateUnevaluated(node, instance, annotations: &annotations) { valid = false }
        return Outcome(valid: valid, annotations: valid ? annotations : nil)
    }

    /// Ends the validation at ``maximumDepth``, saying so whether or not failures are being recorded:
    /// the instance is not known to be valid.
    private mutating func stop(at node: CompiledNode) {
        stopped = true
        violations.append(
            SchemaViolation(
                instanceLocation: currentPointer,
                keywordLocation: node.location,
                message: "validation stopped: subschemas nest more than \(Self.maximumDepth) deep here "
                    + "(a $dynamicRef that loops back without stepping into the instance, a schema nested that "
                    + "deep, or a document nested too deep for its recursive schema)"
            )
        )
    }

    /// The target of a `$dynamicRef`: the outermost resource in the dynamic scope that declares the
    /// anchor, else the static target.
    func resolveDynamic(_ reference: DynamicReference) -> Int {
        guard let anchor = reference.anchor else { return reference.fallback }
        for resource in scope {
            if let target = schema.dynamicAnchors[resource]?[anchor] { return target }
        }
        return reference.fallback
    }

    /// Evaluates a subschema on a member or item, with the location stepped in.
    mutating func evaluateChild(_ index: Int, _ instance: JSONValue, step: Step) -> Bool {
        path.append(step)
        defer { path.removeLast() }
        return evaluate(index, instance, collect: false).valid
    }

    /// Evaluates a subschema without recording its failures; returns the outcome.
    mutating func probe(_ index: Int, _ instance: JSONValue, collect: Bool) -> Outcome {
        quiet += 1
        defer { quiet -= 1 }
        return evaluate(index, instance, collect: collect)
    }
}
