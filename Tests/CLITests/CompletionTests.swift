import CLITestSupport
import Foundation
import Testing

/// Entry names for the scripts `vault --generate-completion-script` prints, from the hidden
/// listing command: names with a cached key; nothing, silently and without asking, when locked
/// or without a vault. In-process, with in-memory keyrings, where `init` caches the key; the
/// scripts in real shells are CompletionShellTests.
@Suite("Completion")
struct CompletionTests {
    /// `vault complete-entries` run in-process, with a person at the terminal who would answer
    /// nothing: the result, and whether anything was asked.
    static func list(
        _ fixture: VaultFixture, _ words: [String], shell: String = "fish", environment: [String: String?] = [:]
    ) async throws -> (VaultResult, asked: [String]) {
        let person = ScriptedTerminal([])
        let result = try await fixture.run(["complete-entries", "--shell", shell, "--"] + words, environment: environment) {
            $0.terminal = person.access
        }
        return (result, person.shown)
    }

    @Test("with the key cached, every name, for each shell in its form")
    func cachedKeyListsNames() async throws {
        let fixture = try await CompletionNames.fixture()
        let (fish, asked) = try await Self.list(fixture, ["get"], environment: withoutPassword)
        #expect(fish.status == 0 && fish.stderr.isEmpty && asked.isEmpty, "\(fish)")
        #expect(fish.stdoutLines.sorted() == CompletionNames.all.sorted())
        // bash would insert ` and $ unescaped, to be run when the line is entered: such names are not offered to it.
        let (bash, _) = try await Self.list(fixture, ["get"], shell: "bash", environment: withoutPassword)
        #expect(bash.stdoutLines.sorted() == ["'web/my bank'", "bank", "café/漢字", "web/github"], "\(bash)")
        let (zsh, _) = try await Self.list(fixture, ["get"], shell: "zsh", environment: withoutPassword)
        #expect(zsh.stdoutLines.contains(#"work\: "it's" $HOME"#), "\(zsh)")
    }

    @Test("locked: nothing at all, no question, and the password file is not read")
    func lockedListsNothing() async throws {
        let fixture = try await CompletionNames.fixture()
        try await fixture.succeed(["lock"])
        let (result, asked) = try await Self.list(fixture, ["get"])
        #expect(result.status == 0 && result.stdoutData.isEmpty && result.stderrData.isEmpty, "\(result)")
        #expect(asked.isEmpty)
        let (noKeyring, _) = try await Self.list(fixture, ["get", "--no-keyring"])
        #expect(noKeyring.stdoutData.isEmpty && noKeyring.stderrData.isEmpty, "\(noKeyring)")
    }

    @Test("--vault on the line (quoted as typed) chooses the vault; a missing one lists nothing")
    func vaultOptionOnTheLine() async throws {
        let fixture = try await CompletionNames.fixture()
        let other = fixture.path("other vault.json")
        try await fixture.succeed(["init", "--vault", other] + VaultFixture.cheapKDF)
        try await fixture.succeed(["add", "--vault", other, "elsewhere"], stdin: "pw\n")
        let (fish, _) = try await Self.list(fixture, ["get", "--vault", other], environment: withoutPassword)
        #expect(fish.stdoutLines == ["elsewhere"], "\(fish)")
        let (bash, _) = try await Self.list(fixture, ["get", "--vault", "'\(other)'"], shell: "bash", environment: withoutPassword)
        #expect(bash.stdoutLines == ["elsewhere"], "\(bash)")
        let (missing, asked) = try await Self.list(fixture, ["get", "--vault", fixture.path("missing.json")])
        #expect(missing.status == 0 && missing.stdoutData.isEmpty && missing.stderrData.isEmpty && asked.isEmpty, "\(missing)")
    }
}
