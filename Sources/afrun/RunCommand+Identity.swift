import AFRunner
import AFSuite
import Foundation

extension RunCommand {
    /// The run's identity, with `--secret` values hidden in the recorded command line.
    static func runInfo(secrets: [String: String]) -> RunInfo {
        var hideNext = false
        let arguments = CommandLine.arguments.map { argument -> String in
            defer { hideNext = argument == "--secret" }
            if hideNext, let eq = argument.firstIndex(of: "=") { return argument[...eq] + Redactor.mask }
            if argument.hasPrefix("--secret=") {
                let rest = argument.dropFirst("--secret=".count)
                if let eq = rest.firstIndex(of: "=") { return "--secret=" + rest[...eq] + Redactor.mask }
            }
            return argument
        }
        // CI variables first (GitHub Actions, GitLab CI, Jenkins; an empty one counts as unset: a CI checkout
        // is often a detached HEAD), then the checkout the run starts in.
        let environment = ProcessEnvironment.all
        func variable(_ names: String...) -> String? { names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty } }
        var commit = variable("GITHUB_SHA", "CI_COMMIT_SHA", "GIT_COMMIT")
        var branch = variable("GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "GIT_BRANCH")
        if commit == nil || branch == nil,
            let checkout = GitCheckout.find(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        {
            commit = commit ?? checkout.commit
            branch = branch ?? checkout.branch
        }
        return RunInfo(
            commandLine: arguments,
            host: ProcessInfo.processInfo.hostName,
            afrunVersion: Versions.afrun,
            libcurlVersion: Versions.libcurlShort,
            opensslVersion: Versions.openssl,
            gitCommit: commit,
            gitBranch: branch
        )
    }

    /// `arguments` with the value of each `--var NAME=VALUE` (or `--var=NAME=VALUE`) whose name is in `names`
    /// replaced by the mask: a value given on the command line for a name a suite (or a vars file) marks secret.
    static func maskingSecretVariables(in arguments: [String], names: Set<String>) -> [String] {
        guard !names.isEmpty else { return arguments }
        func masked(_ pair: Substring) -> String? {
            guard let equals = pair.firstIndex(of: "="), names.contains(String(pair[..<equals])) else { return nil }
            return pair[...equals] + Redactor.mask
        }
        var afterFlag = false
        return arguments.map { argument in
            defer { afterFlag = argument == "--var" }
            if afterFlag, let hidden = masked(argument[...]) { return hidden }
            if argument.hasPrefix("--var="), let hidden = masked(argument.dropFirst("--var=".count)) {
                return "--var=" + hidden
            }
            return argument
        }
    }
}
