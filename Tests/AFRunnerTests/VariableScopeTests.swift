import AFSuite
import JSONPath
import Testing

@testable import AFRunner

private func scope() -> VariableScope {
    var scope = VariableScope(
        overrides: ["user": "from-cli"],
        secretOverrides: [],
        environment: ["HOME_URL": "http://env", "TOKEN": "env-token"]
    )
    scope =
        scope.adding([
            VariableDefinition(name: "user", source: .value(.string("from-suite"))),
            VariableDefinition(name: "id", source: .value(.string("suite-id"))),
            VariableDefinition(name: "n", source: .value(.number(JSONNumber(3)))),
            VariableDefinition(name: "token", source: .environment(name: "TOKEN", default: nil), isSecret: true),
            VariableDefinition(name: "fallback", source: .environment(name: "UNSET_VAR", default: .string("dflt"))),
        ]).scope
    return scope
}

@Test func commandLineBeatsSuiteUntilACaptureReplacesIt() throws {
    var s = scope()
    #expect(try s.render("{{user}}") == "from-cli")
    #expect(try s.render("{{id}}") == "suite-id")
    s.capture("id", value: "captured", secret: false)
    s.capture("user", value: "captured-user", secret: false)
    #expect(try s.render("{{id}}") == "captured")
    #expect(try s.render("{{user}}") == "captured-user")
}

@Test func environmentAndDefaultsAndNonStrings() throws {
    let s = scope()
    #expect(try s.render("{{env.HOME_URL}}/x") == "http://env/x")
    #expect(try s.render("{{fallback}}") == "dflt")
    #expect(try s.render("n={{n}}") == "n=3")
}

@Test func undefinedVariableNamesIt() {
    #expect(throws: RunnerError.undefinedVariable("missing")) { try scope().render("a {{missing}} b") }
}

@Test func unsetEnvironmentVariableIsReportedUndefined() {
    let result = VariableScope(environment: [:]).adding([
        VariableDefinition(name: "token", source: .environment(name: "NOPE", default: nil))
    ])
    #expect(result.undefined == ["token"])
}

@Test func secretValuesAreKnown() {
    var s = scope()
    s.capture("sid", value: "session-1", secret: true)
    #expect(s.secretValues == ["env-token", "session-1"])
}

@Test func jsonStringsAreRenderedRecursively() throws {
    let value = JSONValue.object(
        JSONObject([("name", .string("{{id}}")), ("list", .array([.string("{{user}}"), .number(JSONNumber(1))]))])
    )
    let rendered = try scope().render(value)
    #expect(
        rendered
            == .object(
                JSONObject([
                    ("name", .string("suite-id")), ("list", .array([.string("from-cli"), .number(JSONNumber(1))])),
                ])
            )
    )
}

/// Expectations are rendered only when an operand holds `{{`; the check finds them at any depth.
@Test func placeholdersInExpectationsAreFoundWherevertheyAre() throws {
    var plain = Expectations()
    plain.json = [
        PathAssertion(path: "$.a", predicates: PredicateSet([.equals(.array([.string("x"), .number(JSONNumber(1))]))]))
    ]
    #expect(!VariableScope.mayHavePlaceholders(plain))
    var nested = plain
    nested.json.append(
        PathAssertion(path: "$.b", predicates: PredicateSet([.count(PredicateSet([.oneOf([.string("{{n}}")])]))]))
    )
    #expect(VariableScope.mayHavePlaceholders(nested))
    var inKey = Expectations()
    inKey.headers = [
        HeaderAssertion(name: "X", predicates: PredicateSet([.equals(.object(JSONObject([("{{id}}", .null)])))]))
    ]
    #expect(VariableScope.mayHavePlaceholders(inKey))
    #expect(
        try scope().render(inKey).headers.first?.predicates.predicates == [
            .equals(.object(JSONObject([("suite-id", .null)])))
        ]
    )
}
