import CLITestSupport
import Foundation
import Synchronization
import SystemPackage
import Testing
import VaultCLI
import VaultCommands
import VaultNetwork

/// Which command lines `vault` (the program without the network plugins) hands to vault-network:
/// the network plugins' commands, the commands that use them, and whatever asks for no command
/// to run (help, usage errors, completion scripts); everything else, `--version` among it, runs
/// in `vault` itself. The companion here records what it was given instead of replacing the
/// process.
@Suite("Command lines handed to vault-network")
struct NetworkHandOverTests {
    @Test("the command names vault hands over by name are the network plugins' own")
    func commandNames() {
        let names = NetworkProgram.plugins.flatMap(\.commands).flatMap(PluginRegistry.names(of:))
        #expect(names.sorted() == BuiltinPlugins.networkCommandNames.sorted())
        #expect(NetworkProgram.plugins.map(\.id) == ["breach", "tls", "ssh-agent"])
    }

    @Test("vault knows the network commands' names, so an external vault-breach never runs in their place")
    func namesAreBuiltIn() throws {
        let program = try VaultProgram.local(companion: .installed(beside: "/nonexistent/bin/vault"))
        #expect(program.plugins.commandNames.isSuperset(of: ["breach", "tls", "get", "help"]))
        #expect(!program.plugins.plugins.contains { ["breach", "tls"].contains($0.id) })
    }

    @Test("vault-network is looked for beside vault, then in ../libexec/vault, and only from an absolute path")
    func paths() {
        #expect(NetworkCompanion.paths(beside: "/usr/local/bin/vault") == ["/usr/local/bin/vault-network", "/usr/local/libexec/vault/vault-network"])
        #expect(NetworkCompanion.paths(beside: "/vault") == ["/vault-network", "/libexec/vault/vault-network"])
        #expect(NetworkCompanion.paths(beside: "vault").isEmpty && NetworkCompanion.paths(beside: "bin/vault").isEmpty)
    }

    /// The arguments `vault arguments…` handed to vault-network, or nil when it ran in vault.
    private func handOver(_ arguments: [String], in fixture: VaultFixture) async throws -> [String]? {
        try await run(arguments, in: fixture, installed: true).handed
    }

    /// Runs `vault arguments…` with a companion that is installed (and records what it is given
    /// instead of replacing the process) or not.
    private func run(_ arguments: [String], in fixture: VaultFixture, installed: Bool) async throws -> (handed: [String]?, status: Int32, stdout: String, stderr: String) {
        let handed = Mutex<[String]?>(nil)
        let companion = NetworkCompanion(
            commandNames: BuiltinPlugins.networkCommandNames,
            locate: { installed ? .installed("/opt/vault/vault-network") : .missing(["/opt/vault/vault-network"]) },
            handOver: { path, arguments, _ in
                handed.withLock { $0 = arguments }
                return path == "/opt/vault/vault-network" ? 42 : 1
            })
        let program = try VaultProgram.local(companion: companion)
        let files = ["in", "out", "err"].map { fixture.path("hand-over.\($0)") }
        try VaultFixture.writeFile(files[0], "new-password\n")
        let streams = StandardStreams(
            input: try FileDescriptor.open(files[0], .readOnly),
            output: try FileDescriptor.open(files[1], .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite),
            error: try FileDescriptor.open(files[2], .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite))
        defer { for descriptor in [streams.input, streams.output, streams.error] { try? descriptor.close() } }
        let status = await program.run(arguments, in: InProcessVault.context(environment: fixture.environment, streams: streams))
        let given = handed.withLock { $0 }
        #expect((given == nil) == (status != 42), "\(arguments): status \(status)")
        let output = try [files[1], files[2]].map { try String(contentsOfFile: $0, encoding: .utf8) }
        return (given, status, output[0], output[1])
    }

    @Test("without vault-network, help and usage errors are vault's own, and the network commands say what is missing")
    func companionMissing() async throws {
        let fixture = try await VaultFixture.initialized()
        let help = try await run(["--help"], in: fixture, installed: false)
        #expect(help.status == 0 && help.stdout.contains("USAGE: vault <subcommand>") && !help.stdout.contains("  breach "), "\(help)")
        let typo = try await run(["lsit"], in: fixture, installed: false)
        #expect(typo.status == 64 && typo.stderr.contains("lsit"), "\(typo)")
        for arguments in [["breach", "--online"], ["audit"], ["plugins"], ["add", "site", "--check-breach"], ["ssh-agent"],
                          ["get", "ssh/key", "--field", "public-key"]] {
            let refused = try await run(arguments, in: fixture, installed: false)
            #expect(refused.status == 6 && refused.stdout.isEmpty, "\(arguments): \(refused)")
            #expect(refused.stderr == "vault: error: this needs vault-network (the breach, TLS and SSH agent plugins), which is not installed: "
                + "looked for /opt/vault/vault-network\n", "\(arguments): \(refused)")
        }
    }

    @Test("the network commands, audit, plugins, help, usage errors and completion scripts go to vault-network unchanged")
    func handedOver() async throws {
        let fixture = try await VaultFixture.initialized()
        let lines: [[String]] = [
            ["breach", "--online"], ["tls", "example.org", "--json"], ["audit"], ["audit", "--online"], ["plugins", "--json"],
            [], ["--help"], ["-h"], ["help"], ["help", "breach"], ["get", "--help"], ["get"], ["no-such-command"],
            ["get", "site", "--no-such-option"], ["--generate-completion-script", "bash"], ["--experimental-dump-help"],
            ["add", "site", "--check-breach"], ["edit", "site", "--password", "--check-breach"],
            ["ssh-agent", "--foreground"], ["ssh-agent", "--kill"], ["get", "ssh/key", "--field", "public-key"],
            ["get", "ssh/key", "--field=PUBLIC-KEY", "--clip"],
        ]
        for arguments in lines {
            #expect(try await handOver(arguments, in: fixture) == arguments, "\(arguments)")
        }
    }

    @Test("everything else runs in vault: --version, get, list, add without a breach check")
    func keptHere() async throws {
        let fixture = try await VaultFixture.initialized()
        for arguments in [["--version"], ["get", "site"], ["list"], ["add", "site"], ["otp", "site"], ["status"],
                          ["get", "ssh/key", "--field", "public key"]] {
            #expect(try await handOver(arguments, in: fixture) == nil, "\(arguments)")
        }
    }

    @Test("check_breach in the config hands over the add or edit of a password typed in, and nothing else; a broken config fails in vault, as the command would")
    func configAsksForTheCheck() async throws {
        let fixture = try await VaultFixture.initialized()
        let config = fixture.path(".config/vault/config.json")
        try FileManager.default.createDirectory(atPath: fixture.path(".config/vault"), withIntermediateDirectories: true)
        try VaultFixture.writeFile(config, #"{"keyring": false, "check_breach": true}"#)
        for arguments in [["add", "other"], ["edit", "site", "--password"], ["edit", "site", "--password", "--username", "ann"]] {
            #expect(try await handOver(arguments, in: fixture) == arguments, "\(arguments)")
        }
        for arguments in [["get", "site"], ["add", "generated", "--generate"], ["add", "memo", "--type", "note"],
                          ["edit", "site", "--username", "ann"], ["edit", "site", "--generate"]] {
            #expect(try await handOver(arguments, in: fixture) == nil, "\(arguments)")
        }
        try VaultFixture.writeFile(config, "{")
        #expect(try await handOver(["add", "third"], in: fixture) == nil)
    }
}

/// How vault-network learns which `vault` handed a command line over.
@Suite("The vault that handed over")
struct NetworkCallerTests {
    @Test("an executable at an absolute path is taken, and the variable is taken out of the environment; anything else is not")
    func caller() {
        var environment = ["VAULT_EXECUTABLE": "/bin/sh", "HOME": "/home/ann"]
        #expect(NetworkCompanion.caller(in: &environment) == "/bin/sh")
        #expect(environment == ["HOME": "/home/ann"])
        for value in ["sh", "bin/sh", "/nonexistent/vault", "/etc/passwd", ""] {
            environment = ["VAULT_EXECUTABLE": value]
            #expect(NetworkCompanion.caller(in: &environment) == nil, "\(value)")
            #expect(environment.isEmpty)
        }
        environment = [:]
        #expect(NetworkCompanion.caller(in: &environment) == nil)
    }
}
