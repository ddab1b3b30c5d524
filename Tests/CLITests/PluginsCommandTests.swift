import CLITestSupport
import Testing
import VaultCLI
import VaultCommands

/// `vault plugins` lists the built-in plugins (the generator, the strength estimator, the
/// breach check, the TLS auditor, the SSH agent and the photo-metadata reader) with their commands and capabilities, in text and JSON, and every command a
/// built-in plugin registers is reachable from `vault`; the core's command names, which every run
/// registers by, are the core commands' own.
@Suite("vault plugins")
struct PluginsCommandTests {
    @Test("the core's command names, which every run registers, are the core commands' own names and aliases")
    func coreCommandNames() {
        #expect(VaultCommand.coreCommandNames == VaultCommand.coreCommands.flatMap(PluginRegistry.names(of:)))
    }

    @Test("the text listing names each plugin, its command and its capability")
    func text() async throws {
        let result = try await VaultFixture().succeed(["plugins"])
        #expect(result.stdoutLines.starts(with: [
            "generator — Random passwords and EFF word-list passphrases",
            "  commands:     generate",
            "  capabilities: secret-generator",
            "entropy — Password strength: guesses an informed attacker needs, explained",
            "  commands:     entropy",
            "  capabilities: secret-analyzer, entry-auditor",
            "breach — Known breaches through Have I Been Pwned: passwords (k-anonymity, or an offline copy) and accounts",
            "  commands:     breach",
            "  capabilities: secret-analyzer, entry-auditor",
            "tls — TLS endpoint audit: certificate chain, protocol, cipher suite and security headers",
            "  commands:     tls",
            "  capabilities: entry-auditor",
            "ssh-agent — SSH agent for the vault's SSH keys, and their public key lines",
            "  commands:     ssh-agent",
            "  capabilities: ssh-public-key",
            "exif — Photo metadata: what JPEG, PNG and WebP files give away, and lossless stripping",
            "  commands:     exif",
            "  capabilities: file-analyzer, metadata-stripper",
        ]), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test("the JSON listing has the same, and an external list")
    func json() async throws {
        let object = try JSONValue.object(try await VaultFixture().succeed(["plugins", "--json"]).stdoutData)
        #expect(Set(object.keys) == ["builtin", "external"])
        let builtin = try #require(object["builtin"] as? [[String: Any]])
        JSONValue.expectEqualObjects(builtin, [
            ["id": "generator", "summary": "Random passwords and EFF word-list passphrases",
             "commands": ["generate"], "capabilities": ["secret-generator"]],
            ["id": "entropy", "summary": "Password strength: guesses an informed attacker needs, explained",
             "commands": ["entropy"], "capabilities": ["secret-analyzer", "entry-auditor"]],
            ["id": "breach", "summary": "Known breaches through Have I Been Pwned: passwords (k-anonymity, or an offline copy) and accounts",
             "commands": ["breach"], "capabilities": ["secret-analyzer", "entry-auditor"]],
            ["id": "tls", "summary": "TLS endpoint audit: certificate chain, protocol, cipher suite and security headers",
             "commands": ["tls"], "capabilities": ["entry-auditor"]],
            ["id": "ssh-agent", "summary": "SSH agent for the vault's SSH keys, and their public key lines",
             "commands": ["ssh-agent"], "capabilities": ["ssh-public-key"]],
            ["id": "exif", "summary": "Photo metadata: what JPEG, PNG and WebP files give away, and lossless stripping",
             "commands": ["exif"], "capabilities": ["file-analyzer", "metadata-stripper"]],
        ])
        #expect(object["external"] is [Any])
    }

    @Test("every command of every built-in plugin answers --help and vault help, and is in vault --help")
    func commandsReachable() async throws {
        let fixture = try VaultFixture()
        let builtin = try #require(try JSONValue.object(try await fixture.succeed(["plugins", "--json"]).stdoutData)["builtin"] as? [[String: Any]])
        let commands = builtin.flatMap { $0["commands"] as? [String] ?? [] }
        #expect(!commands.isEmpty)
        let overview = try await fixture.succeed(["--help"])
        for command in commands {
            for arguments in [[command, "--help"], ["help", command]] {
                let result = try await fixture.run(arguments)
                #expect(result.status == 0, "\(result)")
                #expect(result.stdout.contains("USAGE: vault \(command)"), "\(result)")
            }
            #expect(overview.stdoutLines.contains { $0.drop { $0 == " " }.hasPrefix(command + " ") }, "\(overview)")
        }
    }
}
