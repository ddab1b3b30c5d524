import ArgumentParser
import SeededRandom
import Testing
import VaultCLI
@testable import VaultCommands

/// The hand parser of the hot command lines (`HotCommandLine`) against the argument parser, the
/// one definition of the grammar: for thousands of generated command lines, the hand parser
/// either leaves the line to the parser or makes exactly the request and the vault options the
/// parser's command makes (every option and option group included), with the same way of
/// getting the key; and the common lines do take the hand path.
@Suite("Hot command lines")
struct HotCommandLineTests {
    /// The request of a parsed hot command; nil for any other command.
    private func request(of command: any ParsableCommand) -> HotRequest? {
        switch command {
        case let get as GetCommand: return .get(get.request)
        case let otp as OTPCommand: return .otp(otp.request)
        case let read as ReadCommand: return .read(read.request)
        case let complete as CompleteEntriesCommand: return .completeEntries(complete.request)
        default: return nil
        }
    }

    /// Checks one command line; returns whether the hand parser took it. (A line it leaves to
    /// the parser needs no comparison: the parser is then all there is.)
    @discardableResult
    private func check(_ arguments: [String]) -> Bool {
        guard let hot = HotCommandLine.parse(arguments) else { return false }
        let full = Result { try VaultCommand.parseAsRoot(arguments) }
        switch hot {
        case .version:
            guard case .failure(let error) = full else {
                Issue.record("\(arguments): the parser made a command of what the hand parser took for --version")
                return true
            }
            #expect(VaultCommand.exitCode(for: error) == .success && VaultCommand.fullMessage(for: error) == VaultCommand.version,
                    "\(arguments)")
            return true
        case .request(let hot, let selection):
            guard case .success(let parsed) = full, let subcommand = parsed as? any VaultSubcommand else {
                Issue.record("\(arguments): the hand parser made a request of what the parser refuses")
                return true
            }
            #expect(request(of: parsed) == hot, "\(arguments)")
            #expect(subcommand.vault.selection == selection, "\(arguments)")
            #expect(type(of: subcommand).keyAccess == hot.keyAccess, "\(arguments)")
            return true
        }
    }

    @Test("the common lines take the hand path, and make the parser's command's request")
    func commonLines() {
        let lines: [[String]] = [
            ["--version"], ["get", "site"], ["get", "site", "--clip"], ["get", "--clip", "site"], ["get", "site", "--field", "username"],
            ["get", "--field=url", "site"], ["get", "mail/work", "--field", "otp", "--clip"], ["get", "caf\u{E9} au lait"],
            ["otp", "site"], ["otp", "site", "--clip"], ["read", "vault://site"], ["read", "vault://site#username", "-n"],
            ["complete-entries", "--shell", "bash", "--"], ["complete-entries", "--shell", "zsh", "--", "get", "--field", "x"],
            ["complete-entries", "--shell", "fish", "--", "--vault", "/tmp/v", "get", ""],
            ["get", "site", "--vault", "/tmp/v"], ["get", "--vault=/tmp/v", "--no-keyring", "site", "--clip"],
            ["otp", "site", "--password-file", "/tmp/p"], ["read", "vault://site", "-n", "--no-keyring", "--vault", "/tmp/v"],
            ["get", "db/prod", "--reason", "deploy"], ["otp", "--reason=nightly backup", "site"],
            ["get", "db/prod", "--mount", "team"], ["read", "--mount=team", "vault://site"],
        ]
        for arguments in lines {
            #expect(check(arguments), "\(arguments) went to the parser")
        }
    }

    @Test("anything else is left to the parser")
    func leftToTheParser() {
        let lines: [[String]] = [
            [], ["get"], ["get", "a", "b"], ["get", "site", "--json"], ["get", "site", "--help"], ["get", "-h"], ["get", "--", "site"],
            ["get", "site", "--field"], ["get", "site", "--field", "--clip"], ["get", "site", "--field", "a", "--field", "b"],
            ["get", "site", "--clip", "--clip"], ["get", "site", "--vault", "/tmp/v", "--vault", "/tmp/w"], ["get", "site", "--vault="],
            ["get", "site", "--no-keyring", "--no-keyring"], ["get", ""], ["get", "site", "--field="],
            ["get", "-x"], ["otp", "site", "--at", "0"], ["read", "vault://a", "-o", "file"], ["--version", "get"], ["list"],
            ["complete-entries", "--shell", "tcsh", "--"], ["complete-entries", "--shell=bash", "--"], ["complete-entries", "--shell", "bash"],
            ["help", "get"], ["--help"], ["get", "site", "--field", "public-key"], ["get", "--field=Public-Key", "site"],
            ["get", "site", "--reason", "a\tb"], ["get", "site", "--reason", String(repeating: "x", count: 501)], ["get", "site", "--reason="],
            ["get", "site", "--mount", "team", "--vault", "/tmp/v"], ["get", "site", "--mount="],
        ]
        for arguments in lines {
            #expect(HotCommandLine.parse(arguments) == nil, "\(arguments) took the hand path")
        }
    }

    @Test("6,000 generated command lines: the same request as the parser's command, or left to it")
    func generatedLines() {
        let commands = ["get", "get", "get", "otp", "read", "complete-entries", "--version", "list", "help", "-h", "--help", ""]
        // Words of the hot shapes, drawn more often, and words of every other kind.
        let plain = ["site", "mail/work", "a b", "caf\u{E9}", "vault://site", "vault://site#username", "--clip", "--field", "username",
                     "--field=url", "-n", "\u{1F511}", "get", "otp", "help", "x=y", "public-key", "--reason", "deploy"]
        let odd = [
            "--", "-", "", "-c", "--field=", "--field=--clip", "--json", "--help", "-h", "-o", "--output", "--force", "--at", "0",
            "--vault", "--vault=/tmp/v", "--password-file", "--no-keyring", "--clip-timeout", "5", "--clip-backend", "x11",
            "--shell", "bash", "zsh", "fish", "tcsh", "--shell=bash", "--version", "-1", "=", "--fiel", "--clipboard", "-nn",
            "--reason=", "--reason=a\u{7}b", "--reason=why", String(repeating: "r", count: 501), "--mount", "--mount=team", "team",
        ]
        var random = SeededRandom(seed: 0x5EED_36)
        var taken = 0
        for _ in 0..<6_000 {
            var arguments = [commands.randomElement(using: &random)!]
            if arguments == ["complete-entries"] && Bool.random(using: &random) {
                arguments += ["--shell", ["bash", "zsh", "fish"].randomElement(using: &random)!, "--"]
            }
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let pool = Int.random(in: 0..<10, using: &random) < 7 ? plain : odd
                arguments.append(pool.randomElement(using: &random)!)
            }
            if check(arguments) { taken += 1 }
        }
        #expect(taken > 400, "only \(taken) lines took the hand path: the generator no longer reaches it")
    }
}
