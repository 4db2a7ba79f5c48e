import Testing

@testable import AFSuite

@Suite struct TemplateTests {
    /// Text with no `{{` skips parsing: it is its own rendering, with no placeholder.
    @Test(arguments: ["", "plain/path?q=1", "one { brace }", "}} only", "é{ {"])
    func textWithoutBracesIsLiteral(text: String) throws {
        #expect(!Template.mayHavePlaceholder(text))
        let t = try Template(text)
        #expect(t.isLiteral)
        #expect(try t.render { _ in nil } == text)
    }

    @Test(arguments: ["{{a}}", "x\\{{", "{{", "a{{b"])
    func doubleBraceNeedsParsing(text: String) {
        #expect(Template.mayHavePlaceholder(text))
    }

    @Test func rendersNamesAndEnvironment() throws {
        let t = try Template("users/{{user}}?t={{ env.TOKEN }}&x={{user}}")
        #expect(t.variableNames == ["user", "env.TOKEN", "user"])
        #expect(t.placeholders.map(\.offset) == [6, 17, 35])
        let out = try t.render { ["user": "alice", "env.TOKEN": "t0k"][$0] }
        #expect(out == "users/alice?t=t0k&x=alice")
    }

    @Test func escapeAndStrayBracesAreLiteral() throws {
        let t = try Template(#"a \{{b}} c }} d { e"#)
        #expect(t.isLiteral)
        #expect(try t.render { _ in nil } == "a {{b}} c }} d { e")
    }

    @Test func undefinedVariableThrowsItsName() throws {
        let t = try Template("x{{missing}}")
        #expect(throws: SuiteError.undefinedVariable(name: "missing", location: nil)) { try t.render { _ in nil } }
    }

    @Test(arguments: [
        ("abc {{user", 4, "unclosed"),
        ("{{}}", 0, "empty placeholder"),
        ("x{{  }}", 1, "empty placeholder"),
        ("{{1abc}}", 0, "must start with a letter"),
        ("{{a b}}", 0, "invalid character ` `"),
        ("{{env.}}", 0, "`env.` needs"),
        ("{{a {{b}}", 0, "unclosed"),
    ])
    func syntaxErrorsHaveOffsets(source: String, offset: Int, message: String) {
        do {
            _ = try Template(source)
            Issue.record("expected \(source) to fail")
        } catch {
            guard case .templateSyntax(let template, let m, let o) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(template == source)
            #expect(o == offset)
            #expect(m.contains(message), "\(m)")
        }
    }

    @Test func namesMayHoldDotsDashesAndDigits() throws {
        let t = try Template("{{user_1.id-x}}")
        #expect(t.variableNames == ["user_1.id-x"])
    }
}
