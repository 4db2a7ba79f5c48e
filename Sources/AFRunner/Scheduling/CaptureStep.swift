import AFSuite
import Foundation
import JSONPath

/// A test's captures as one step of an attempt: taken from the response before the expectations, so the
/// test's `expect` can name them (`{{id}}` in an operand, `"captures": {"id": …}`); kept for later tests
/// only when the attempt passes.
struct CaptureStep: Sendable {
    /// What the test captures, with the placeholders of its JSON paths rendered.
    var specs: [CaptureSpec]
    /// The variables the test sees before its own captures.
    var scope: VariableScope
    /// Whether `expect` still holds placeholders, to render once the captures are taken.
    var rendersExpect: Bool
    /// The captures whose values are hidden.
    var secretNames: Set<String>
    /// The prefixes `xpath` captures may use.
    var xpathNamespaces: [String: String] = [:]

    /// What one attempt's captures took.
    struct Taken {
        /// Every value taken, for later tests when the attempt passes.
        var captures: [TestExecutor.Capture] = []
        /// The values by name, as `expect.captures` sees them.
        var values: [String: JSONValue] = [:]
        /// One failed `capture` result per capture that took nothing.
        var missResults: [AssertionResult] = []
        /// The names of the captures that took nothing.
        var missed: Set<String> = []
    }

    /// Takes the captures from `context`; the secret values are handed to `redactor` at once, so that
    /// a failure message quoting one (through a placeholder in `expect`) is masked too.
    func take(from context: ResponseContext, regexLimit: Duration, redactor: Redactor) -> Taken {
        guard !specs.isEmpty else { return Taken() }
        let extraction = CaptureExtractor.extract(
            specs,
            from: context,
            regexLimit: regexLimit,
            xpathNamespaces: xpathNamespaces
        )
        var taken = Taken()
        for value in extraction.values {
            taken.captures.append(
                TestExecutor.Capture(
                    name: value.name,
                    value: value.text,
                    secret: secretNames.contains(value.name) || value.unfiltered.map(redactor.holdsSecret) == true,
                    json: value.isTyped ? value.value : nil
                )
            )
            taken.values[value.name] = value.value
        }
        let secrets = taken.captures.filter(\.secret).map(\.value)
        if !secrets.isEmpty { redactor.addSecrets(secrets) }
        for miss in extraction.misses {
            taken.missed.insert(miss.name)
            taken.missResults.append(
                AssertionResult(
                    kind: "capture",
                    target: miss.name,
                    predicate: "exists",
                    expected: "a value",
                    actual: nil,
                    passed: false,
                    message: "capture \(miss.name): \(miss.reason)"
                )
            )
        }
        return taken
    }

    /// `expect` rendered with the test's own captures when it waited for them; the error names a variable
    /// nothing defines (a capture that took nothing among them).
    func expectations(_ expect: Expectations, after taken: Taken) -> Result<Expectations, RunnerError> {
        guard rendersExpect else { return .success(expect) }
        var scope = scope
        for capture in taken.captures {
            scope.capture(capture.name, value: capture.value, secret: capture.secret, json: capture.json)
        }
        do throws(RunnerError) {
            return .success(try scope.render(expect))
        } catch {
            return .failure(error)
        }
    }

    /// The values `assertions` name: the test's own capture, else the variable as an earlier test (or any
    /// other source) defines it; a name with neither is left out (absent).
    func subjects(for assertions: [CaptureAssertion], taken: Taken) -> [String: JSONValue] {
        guard !assertions.isEmpty else { return [:] }
        var out: [String: JSONValue] = [:]
        for assertion in assertions {
            if let own = taken.values[assertion.name] {
                out[assertion.name] = own
            } else if !taken.missed.contains(assertion.name), let known = scope.jsonValues[assertion.name] {
                out[assertion.name] = known
            } else if !taken.missed.contains(assertion.name), let text = scope.value(of: assertion.name) {
                out[assertion.name] = .string(text)
            }
        }
        return out
    }
}
