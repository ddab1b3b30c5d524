import ArgumentParser
import SeededRandom
import Testing
import VaultCLI
@testable import VaultCommands

/// The hand parser of the hot command lines (`HotCommandLine`) against the argument parser, the
/// one definition of the grammar: for thousands of generated command lines, the hand parser
/// either leaves the line to the parser or makes exactly the command the parser makes, every
/// option and option group included; and the common lines do take the hand path.
@Suite("Hot command lines")
struct HotCommandLineTests {
    /// Every parsed value of a hot command, options left out included; nil for another command.
    private func describe(_ command: any ParsableCommand) -> String? {
        func vault(_ options: VaultOptions) -> String {
            "vault=\(String(reflecting: options.vaultPath)) password-file=\(String(reflecting: options.passwordFile)) no-keyring=\(options.noKeyring)"
        }
        func clip(_ options: ClipOptions) -> String {
            "clip=\(options.clip) timeout=\(String(reflecting: options.settings.clipTimeout)) backend=\(String(reflecting: options.settings.clipBackend?.rawValue))"
        }
        switch command {
        case let get as GetCommand:
            return "get name=\(String(reflecting: get.name)) field=\(String(reflecting: get.field)) json=\(get.output.json) \(clip(get.clipboard)) \(vault(get.vault))"
        case let otp as OTPCommand:
            return "otp name=\(String(reflecting: otp.name)) at=\(String(reflecting: otp.at)) json=\(otp.output.json) \(clip(otp.clipboard)) \(vault(otp.vault))"
        case let read as ReadCommand:
            return "read reference=\(String(reflecting: read.reference)) n=\(read.noNewline) output=\(String(reflecting: read.output)) force=\(read.force) \(vault(read.vault))"
        case let complete as CompleteEntriesCommand:
            return "complete-entries shell=\(complete.shell.rawValue) words=\(String(reflecting: complete.words)) \(vault(complete.vault))"
        default:
            return nil
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
        case .command(let hot):
            guard case .success(let parsed) = full else {
                Issue.record("\(arguments): the hand parser made a command of what the parser refuses")
                return true
            }
            let expected = describe(parsed)
            #expect(expected != nil && describe(hot) == expected, "\(arguments)")
            return true
        }
    }

    @Test("the common lines take the hand path, and make the parser's command")
    func commonLines() {
        let lines: [[String]] = [
            ["--version"], ["get", "site"], ["get", "site", "--clip"], ["get", "--clip", "site"], ["get", "site", "--field", "username"],
            ["get", "--field=url", "site"], ["get", "mail/work", "--field", "otp", "--clip"], ["get", "caf\u{E9} au lait"],
            ["otp", "site"], ["otp", "site", "--clip"], ["read", "vault://site"], ["read", "vault://site#username", "-n"],
            ["complete-entries", "--shell", "bash", "--"], ["complete-entries", "--shell", "zsh", "--", "get", "--field", "x"],
            ["complete-entries", "--shell", "fish", "--", "--vault", "/tmp/v", "get", ""],
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
            ["get", "site", "--clip", "--clip"], ["get", "site", "--vault", "/tmp/v"], ["get", ""], ["get", "site", "--field="],
            ["get", "-x"], ["otp", "site", "--at", "0"], ["read", "vault://a", "-o", "file"], ["--version", "get"], ["list"],
            ["complete-entries", "--shell", "tcsh", "--"], ["complete-entries", "--shell=bash", "--"], ["complete-entries", "--shell", "bash"],
            ["help", "get"], ["--help"],
        ]
        for arguments in lines {
            #expect(HotCommandLine.parse(arguments) == nil, "\(arguments) took the hand path")
        }
    }

    @Test("6,000 generated command lines: the same command as the parser's, or left to it")
    func generatedLines() {
        let commands = ["get", "get", "get", "otp", "read", "complete-entries", "--version", "list", "help", "-h", "--help", ""]
        // Words of the hot shapes, drawn more often, and words of every other kind.
        let plain = ["site", "mail/work", "a b", "caf\u{E9}", "vault://site", "vault://site#username", "--clip", "--field", "username",
                     "--field=url", "-n", "\u{1F511}", "get", "otp", "help", "x=y"]
        let odd = [
            "--", "-", "", "-c", "--field=", "--field=--clip", "--json", "--help", "-h", "-o", "--output", "--force", "--at", "0",
            "--vault", "--vault=/tmp/v", "--password-file", "--no-keyring", "--clip-timeout", "5", "--clip-backend", "x11",
            "--shell", "bash", "zsh", "fish", "tcsh", "--shell=bash", "--version", "-1", "=", "--fiel", "--clipboard", "-nn",
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
