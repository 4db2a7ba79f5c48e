import AFSuite
import Foundation
import JSONPath

/// The variables one test sees, by precedence: `--var` and `--secret` values (until a capture of the same
/// name replaces one), then the test's data row (`each`), then captures of earlier tests in the suite, then
/// the suite's `variables`, then `{{env.NAME}}`.
///
/// A value: a sequential suite threads one scope from test to test, adding captures as it goes.
public struct VariableScope: Sendable {
    /// `--var` / `--secret` values: the strongest, until a test captures the same name.
    public var overrides: [String: String]
    /// The data row of the test being run (`each`); empty for a test without data.
    public var row: [String: String] = [:]
    /// Captured values from earlier tests of the suite.
    public var captures: [String: String]
    /// The suite's variables, resolved.
    public var suiteVariables: [String: String]
    /// The process environment, for `{{env.NAME}}` and `{"env": …}` variables.
    public var environment: [String: String]
    /// Names whose values are secret.
    public private(set) var secretNames: Set<String>
    /// The JSON values of suite variables and JSON captures that are not strings, by name: a `json` body
    /// value that is exactly `"{{name}}"` takes this value (and so its type) instead of its text.
    public var jsonValues: [String: JSONValue] = [:]
    /// What `{{$uuid}}` and the other generated values come from while this scope renders one test's
    /// request (nil: generated values are undefined).
    public var generator: ValueGenerator? = nil
    /// Captures earlier tests did not keep because they did not pass, by name (see `DroppedCapture`).
    public var droppedCaptures: [String: DroppedCapture] = [:]

    /// Creates a scope.
    /// - Parameters:
    ///   - overrides: `--var` and `--secret` values.
    ///   - secretOverrides: which of `overrides` are secret (`--secret`).
    ///   - environment: the environment `{{env.NAME}}` reads.
    public init(
        overrides: [String: String] = [:],
        secretOverrides: Set<String> = [],
        environment: [String: String] = ProcessEnvironment.all
    ) {
        self.overrides = overrides
        self.captures = [:]
        self.suiteVariables = [:]
        self.environment = environment
        self.secretNames = secretOverrides
    }

    /// This scope with `suite`'s variables resolved in; returns the names that stayed undefined
    /// (an `{"env": …}` variable whose environment variable is unset and has no default).
    public func adding(_ definitions: [VariableDefinition]) -> (scope: VariableScope, undefined: [String]) {
        var scope = self
        var undefined: [String] = []
        for definition in definitions {
            if definition.isSecret { scope.secretNames.insert(definition.name) }
            switch definition.source {
            case .value(let value):
                scope.suiteVariables[definition.name] = value.templateText
                if case .string = value {} else { scope.jsonValues[definition.name] = value }
            case .environment(let name, let fallback):
                if let value = environment[name] {
                    scope.suiteVariables[definition.name] = value
                } else if let fallback {
                    scope.suiteVariables[definition.name] = fallback.templateText
                } else {
                    undefined.append(definition.name)
                }
            }
        }
        return (scope, undefined)
    }

    /// Records a captured value for later tests. It replaces a `--var` or `--secret` value of the same name, as
    /// a Hurl capture replaces a `--variable` and Postman's `pm.environment.set` an environment value: the
    /// command line gives the starting value, the flow updates it. A secret name stays secret (the captured
    /// value is masked), and the replaced secret stays masked run-wide.
    /// - Parameter json: the captured JSON node when it is not a string (a JSON capture of a number,
    ///   boolean, null, object or array), for `json` bodies that insert it whole.
    public mutating func capture(_ name: String, value: String, secret: Bool, json: JSONValue? = nil) {
        overrides[name] = nil
        captures[name] = value
        jsonValues[name] = json
        if secret { secretNames.insert(name) }
    }

    /// The value of a variable, or nil when no source defines it.
    public func value(of name: String) -> String? {
        if name.hasPrefix("$") { return generator?.text(for: name) }
        if name.hasPrefix("env.") { return overrides[name] ?? environment[String(name.dropFirst(4))] }
        return overrides[name] ?? row[name] ?? captures[name] ?? suiteVariables[name]
    }

    /// The values of every secret variable that has one (what the redactor must hide).
    public var secretValues: Set<String> {
        Set(secretNames.compactMap { value(of: $0) }.filter { !$0.isEmpty })
    }

    /// Renders a template string.
    /// - Throws: `RunnerError.undefinedVariable` naming the first variable with no value.
    public func render(_ text: String) throws(RunnerError) -> String {
        guard Template.mayHavePlaceholder(text) else { return text }
        do {
            return try Template(text).render { value(of: $0) }
        } catch .undefinedVariable(let name, _) {
            throw .undefinedVariable(name)
        } catch {
            throw .invalidTemplate(text, error.description)
        }
    }

    /// Renders every string inside a JSON value (member names included).
    public func render(_ value: JSONValue) throws(RunnerError) -> JSONValue {
        switch value {
        case .string(let s): return .string(try render(s))
        case .array(let items):
            var out: [JSONValue] = []
            for item in items { out.append(try render(item)) }
            return .array(out)
        case .object(let object):
            var members: [(key: String, value: JSONValue)] = []
            for member in object { members.append((try render(member.key), try render(member.value))) }
            return .object(JSONObject(members))
        default: return value
        }
    }
}

extension JSONValue {
    /// How a value appears when substituted into text: strings as they are, others as JSON.
    public var templateText: String {
        if case .string(let s) = self { return s }
        return serialized()
    }
}
