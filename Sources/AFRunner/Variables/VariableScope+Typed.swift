import AFSuite
import JSONPath

extension VariableScope {
    /// The JSON value a lone `{{name}}` stands for in a `json` body: the variable's own JSON value when it
    /// has one that is not a string (a suite variable written as a number, boolean, null, object or array, a
    /// JSON capture of one), a number for `$timestamp` and `$randomInt`; nil when the variable is text
    /// (`--var`, `--secret`, a data row, the environment, a header or regex capture, a JSON string).
    public func jsonValue(of name: String) -> JSONValue? {
        if name.hasPrefix("$") { return generator?.json(for: name) }
        if name.hasPrefix("env.") || overrides[name] != nil || row[name] != nil { return nil }
        return jsonValues[name]
    }

    /// Renders a `json` body: a string that is exactly one placeholder (`"{{id}}"`) becomes the variable's
    /// JSON value (``jsonValue(of:)``); `"{{id | string}}"`, text around a placeholder and member names stay
    /// strings.
    /// - Throws: `RunnerError.undefinedVariable` naming the first variable with no value.
    public func renderTyped(_ value: JSONValue) throws(RunnerError) -> JSONValue {
        switch value {
        case .string(let s):
            guard Template.mayHavePlaceholder(s) else { return value }
            let template: Template
            do { template = try Template(s) } catch { throw .invalidTemplate(s, error.description) }
            if let lone = template.lonePlaceholder, !lone.forcesString, let typed = jsonValue(of: lone.name) {
                return typed
            }
            return .string(try render(s))
        case .array(let items):
            var out: [JSONValue] = []
            for item in items { out.append(try renderTyped(item)) }
            return .array(out)
        case .object(let object):
            var members: [(key: String, value: JSONValue)] = []
            for member in object { members.append((try render(member.key), try renderTyped(member.value))) }
            return .object(JSONObject(members))
        default: return value
        }
    }

    /// `path` with its placeholders rendered and compiled, for a JSON path written with `{{…}}`
    /// (`$.items[{{index}}]`).
    /// - Throws: `RunnerError.invalidTemplate` when the rendered text is not a JSONPath expression.
    public func renderPath(_ path: String) throws(RunnerError) -> (path: String, query: JSONPathQuery) {
        let rendered = try render(path)
        do {
            return (rendered, try JSONPathQuery(rendered))
        } catch {
            throw .invalidTemplate(path, "renders to `\(rendered)`, which is not a JSONPath: \(error.description)")
        }
    }
}
