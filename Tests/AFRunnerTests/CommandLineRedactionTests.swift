import AFRunner
import Testing

/// The command line recorded in the history and the reports: secret values masked whichever way an option
/// is spelled, variable names kept.
@Suite("Command line redaction")
struct CommandLineRedactionTests {
    @Test(
        "an option's value is masked alike as a separate argument and after `=`",
        arguments: [
            (["--var", "token=EqTok888"], ["--var", "token=***"]),
            (["--var=token=EqTok888"], ["--var=token=***"]),
            (["--var=api_key=k-1234", "--var=user=alice"], ["--var=api_key=***", "--var=user=alice"]),
            (["--secret", "cli=CliSecret4455"], ["--secret", "cli=***"]),
            (["--secret=cli=CliSecret4455"], ["--secret=cli=***"]),
            (["--secret", "=CliSecret4455"], ["--secret", "***"]),
            (["--secret", "CliSecret4455"], ["--secret", "***"]),
            (
                ["--db=postgres://u:pg-pass-1@h/db"], ["--db=postgres://u:***@h/db"]
            ),
        ]
    )
    func masked(arguments: [String], expected: [String]) {
        #expect(
            SinkRedactor.commandLine(["afrun", "run", "s.json"] + arguments) == ["afrun", "run", "s.json"] + expected
        )
    }
}
