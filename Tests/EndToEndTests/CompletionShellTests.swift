import CLITestSupport
import Foundation
import Testing

/// Entry names completed by the scripts `vault --generate-completion-script` prints, in real
/// bash, fish and zsh, which run the built `vault` (names with a cached key; nothing when
/// locked). Runs against the private, unlocked gnome-keyring of `scripts/with-keyring`, where
/// `init` caches the key; what the listing command prints is CompletionTests.
@Suite("Completion in real shells", .enabled(if: ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked",
                                             "needs the unlocked keyring of scripts/with-keyring"))
struct CompletionShellTests {
    /// The fixture's environment for a shell: no password file, the built `vault` first on PATH.
    static func shellEnvironment(_ fixture: VaultFixture) -> [String: String] {
        var environment = fixture.environment
        environment["VAULT_PASSWORD_FILE"] = nil
        environment["PATH"] = (VaultBinary.path as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "")
        environment["TERM"] = "xterm"
        return environment
    }

    /// The completion script for `shell`, written to a file.
    static func script(_ fixture: VaultFixture, _ shell: String) async throws -> String {
        let script = try await fixture.succeed(["--generate-completion-script", shell]).stdout
        return try VaultFixture.writeFile(fixture.path("vault.\(shell)"), script)
    }

    /// What bash's completion function puts in COMPREPLY for the words (the last being
    /// completed), as bash's programmable completion would call it.
    static func bashCompletions(_ fixture: VaultFixture, _ words: [String]) async throws -> [String] {
        let bash = try #require(ExternalProgram.find("bash"))
        let program = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _vault vault "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await ExternalProgram.run(bash, ["-c", program, "bash", try await script(fixture, "bash"), "vault"] + words,
                                                   environment: shellEnvironment(fixture))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return result.stdoutLines.filter { !$0.isEmpty }
    }

    @Test("bash completes names after get, show, edit, rm, otp, both names of mv, and --entry; quoted as typed")
    func bashCompletesNames() async throws {
        let fixture = try await CompletionNames.fixture(keyring: .system)
        for command in ["get", "show", "edit", "rm", "otp"] {
            #expect(try await Self.bashCompletions(fixture, [command, "web/"]).sorted() == ["web/github", "web/my bank"], "\(command)")
        }
        #expect(try await Self.bashCompletions(fixture, ["mv", "ba"]) == ["bank"])
        #expect(try await Self.bashCompletions(fixture, ["mv", "bank", "caf"]) == ["café/漢字"])
        #expect(try await Self.bashCompletions(fixture, ["entropy", "--entry", "ba"]) == ["bank"])
        #expect(try await Self.bashCompletions(fixture, ["breach", "--entry", "ba"]) == ["bank"])
        #expect(try await Self.bashCompletions(fixture, ["tls", "--entry", "ba"]) == ["bank"])
        #expect(try await Self.bashCompletions(fixture, ["get", #"web/my\ b"#]) == ["web/my bank"])
        #expect(try await Self.bashCompletions(fixture, ["get", "--vault", fixture.path("missing.json"), ""]).isEmpty)
        try await fixture.succeed(["lock"])
        #expect(try await Self.bashCompletions(fixture, ["get", ""]).isEmpty)
    }

    @Test("fish completes names, special characters and all")
    func fishCompletesNames() async throws {
        let fixture = try await CompletionNames.fixture(keyring: .system)
        let fish = try #require(ExternalProgram.find("fish"), "fish is not installed")
        let script = try await Self.script(fixture, "fish")
        func complete(_ line: String) async throws -> [String] {
            let result = try await ExternalProgram.run(fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line],
                                                       environment: Self.shellEnvironment(fixture))
            #expect(result.status == 0, "\(result)")
            return result.stdoutLines.map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try await complete("vault get web/").sorted() == ["web/github", "web/my bank"])
        #expect(try await complete("vault show 'work: ") == [#"work: "it's" $HOME"#])
        #expect(try await complete("vault mv bank caf") == ["café/漢字"])
        #expect(try await complete("vault entropy --entry ba") == ["bank"])
        try await fixture.succeed(["lock"])
        #expect(try await complete("vault get ba").isEmpty)
    }

    @Test("bash and zsh in a terminal insert the name quoted as the shell needs it")
    func shellsInsertQuotedNames() async throws {
        let fixture = try await CompletionNames.fixture(keyring: .system)
        try #require(TmuxShell.tmux != nil, "tmux is not installed")
        let bashScript = try await Self.script(fixture, "bash")
        let bashRC = try VaultFixture.writeFile(fixture.path("bashrc"), "PS1='$ '\nsource '\(bashScript)'\n")
        let bash = try await TmuxShell(["bash", "--noprofile", "--rcfile", bashRC], environment: Self.shellEnvironment(fixture),
                                       socket: fixture.path("tmux-bash"))
        try await bash.type("vault get web/my")
        try await bash.press("Tab")
        try await bash.waitForLine("bash inserts web/my\\ bank") { $0.hasSuffix(#"$ vault get web/my\ bank"#) }

        let zsh = try #require(ExternalProgram.find("zsh"), "zsh is not installed")
        let zshScript = try await Self.script(fixture, "zsh")
        let folder = fixture.path("zdotdir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try VaultFixture.writeFile(folder + "/.zshrc", "PS1='$ '\nautoload -U compinit && compinit -u\nsource '\(zshScript)'\n")
        var environment = Self.shellEnvironment(fixture)
        environment["ZDOTDIR"] = folder
        let session = try await TmuxShell([zsh], environment: environment, socket: fixture.path("tmux-zsh"))
        try await session.type("vault get web/my")
        try await session.press("Tab")
        try await session.waitForLine("zsh inserts web/my\\ bank") { $0.hasSuffix(#"$ vault get web/my\ bank"#) }
        try await session.press("C-u")
        try await session.type("vault mv 'work")
        try await session.press("Tab")
        try await session.waitForLine("zsh inserts the name with a colon and quotes") { $0.contains(#"$ vault mv 'work: "it'\''s" $HOME'"#) }
    }
}
