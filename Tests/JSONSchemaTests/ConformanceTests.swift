import JSONSchema
import Testing

/// Every draft 2020-12 case of the official test suite.
@Suite struct ConformanceTests {
    @Test func requiredDraft202012CasesAllPass() throws {
        let cases = try ConformanceSuite.cases(in: "")
        try #require(cases.count >= 1_200, "the suite was not found at \(ConformanceSuite.root.path)")
        let failures = ConformanceSuite.run(cases, formatAssertion: false)
        for failure in failures.prefix(40) { print(failure) }
        print("JSON-Schema-Test-Suite draft2020-12 required: \(cases.count - failures.count)/\(cases.count)")
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) required cases failed")
    }

    /// The optional cases (format assertion, bignums, ECMA regex, …): their pass count is
    /// reported and documented, not required.
    @Test func optionalDraft202012Cases() throws {
        let optional = try ConformanceSuite.cases(in: "optional")
        let formats = try ConformanceSuite.cases(in: "optional/format")
        let optionalFailures = ConformanceSuite.run(optional, formatAssertion: false)
        let formatFailures = ConformanceSuite.run(formats, formatAssertion: true)
        for failure in (optionalFailures + formatFailures).prefix(200) { print("optional: " + failure) }
        print(
            "JSON-Schema-Test-Suite draft2020-12 optional: \(optional.count - optionalFailures.count)/\(optional.count)"
        )
        print(
            "JSON-Schema-Test-Suite draft2020-12 optional/format: \(formats.count - formatFailures.count)/\(formats.count)"
        )
        #expect(optional.count > 0 && formats.count > 0)
    }
}
