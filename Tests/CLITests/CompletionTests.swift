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

    @Test("the names are kept sealed in the runtime folder and used while the vault is unchanged; any other list is replaced")
    func nameListInTheRuntimeFolder() async throws {
        let fixture = try await CompletionNames.fixture()
        let runtime = fixture.path("run")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        var environment = withoutPassword
        environment["XDG_RUNTIME_DIR"] = runtime
        let list = runtime + "/vault/names-" + (try fixture.vaultID())
        func names() async throws -> [String] {
            let (result, asked) = try await Self.list(fixture, ["get"], environment: environment)
            #expect(result.status == 0 && result.stderr.isEmpty && asked.isEmpty, "\(result)")
            return result.stdoutLines.sorted()
        }
        func kept() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: list)) }

        #expect(try await names() == CompletionNames.all.sorted())
        let first = try kept()
        let folderMode = try FileManager.default.attributesOfItem(atPath: runtime + "/vault")[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: list)[.posixPermissions] as? Int
        #expect(folderMode == 0o700 && fileMode == 0o600)
        for name in CompletionNames.all { #expect(!first.contains(Data(name.utf8)), "\(name) in plain text") }
        // Used as it is: a list sealed anew would differ (a fresh nonce).
        #expect(try await names() == CompletionNames.all.sorted())
        #expect(try kept() == first)

        // Another write: the list no longer opens, and the new names come from the file.
        try await fixture.add("added", password: "pw")
        #expect(try await names() == (CompletionNames.all + ["added"]).sorted())
        let second = try kept()
        #expect(second != first)
        // An older list put back, or damaged bytes, are not used either.
        for replacement in [first, Data("not a list".utf8), Data()] {
            try replacement.write(to: URL(fileURLWithPath: list))
            #expect(try await names() == (CompletionNames.all + ["added"]).sorted())
            #expect(try kept() != replacement)
        }

        // A runtime folder others may enter is not used.
        try FileManager.default.removeItem(atPath: list)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runtime + "/vault")
        #expect(try await names() == (CompletionNames.all + ["added"]).sorted())
        #expect(!FileManager.default.fileExists(atPath: list))
    }
}
