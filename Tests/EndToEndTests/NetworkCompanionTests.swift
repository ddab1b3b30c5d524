import CLITestSupport
import Foundation
import Testing

/// `vault` starts without the network plugins' libraries: the breach check and the TLS audit
/// live in vault-network, the whole program, which `vault` becomes for their commands and for
/// those that use them (Sources/VaultCommands/Program/NetworkCompanion.swift). Real processes:
/// what a binary links and what a process becomes are the point.
@Suite("vault and vault-network")
struct NetworkCompanionTests {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    private static let companion = (VaultBinary.path as NSString).deletingLastPathComponent + "/vault-network"

    private func checkLeanBinary(_ binary: String) async throws -> VaultResult {
        try await ExternalProgram.run(Self.repository + "/scripts/check-lean-binary", [binary],
                                      environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test("the built vault links neither ICU, full Foundation, NIO nor the HTTP client, and loads no library it links in; vault-network links NIO, and the same check says so")
    func leanBinary() async throws {
        let lean = try await checkLeanBinary(VaultBinary.path)
        #expect(lean.status == 0, "\(lean)")
        let whole = try await checkLeanBinary(Self.companion)
        #expect(whole.status == 1, "\(whole)")
        for module in ["7NIOCore", "15AsyncHTTPClient", "4X509"] {
            #expect(whole.stderr.contains(module), "\(module) not named: \(whole.stderr)")
        }
    }

    @Test("a binary that loads at start a library vault links in or opens on use is refused, the library named")
    func sharedLibrariesRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.path + "/vault-lean-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A C program linked against zlib and libstdc++ as shared libraries, with the thousand
        // symbols the script requires before it trusts nm.
        let functions = (0..<1200).map { "int function\($0)(void) { return \($0); }" }.joined(separator: "\n")
        let source = functions + "\nint zlibVersion(void);\nint main(void) { return zlibVersion() != 0 ? function7() : 0; }\n"
        try source.write(toFile: folder + "/program.c", atomically: true, encoding: .utf8)
        // The system's C compiler, else the Swift toolchain's clang.
        let compiler = #"exec "$(command -v cc || command -v clang)" "$@""#
        let compiled = try await ExternalProgram.run(
            "/bin/sh", ["-c", compiler, "sh", "-o", folder + "/program", folder + "/program.c", "-Wl,--no-as-needed", "-lz", "-lstdc++"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], timeout: .seconds(120))
        try #require(compiled.status == 0, "\(compiled)")

        let refused = try await checkLeanBinary(folder + "/program")
        #expect(refused.status == 1, "\(refused)")
        for library in ["libz.so.1", "libstdc++.so.6"] {
            #expect(refused.stderr.contains("shared library (to be linked statically or opened on use) \(library)"), "\(refused)")
        }
    }

    @Test("breach, tls, audit, plugins and the help run in vault-network, as before")
    func commandsThatNeedTheCompanion() async throws {
        let fixture = try await VaultFixture.initialized(process: true)
        try await fixture.add("site", password: "hunter2")

        let plugins = try await fixture.succeed(["plugins", "--json"])
        let listed = try #require(try JSONValue.object(plugins.stdoutData)["builtin"] as? [[String: Any]])
        #expect(listed.compactMap { $0["id"] as? String } == ["generator", "entropy", "breach", "tls", "ssh-agent", "exif"], "\(plugins)")

        let help = try await fixture.succeed(["--help"])
        #expect(help.stdout.contains("  breach ") && help.stdout.contains("  tls "), "\(help)")
        let breachHelp = try await fixture.succeed(["breach", "--help"])
        #expect(breachHelp.stdout.contains("USAGE: vault breach"), "\(breachHelp)")
        let tlsHelp = try await fixture.succeed(["help", "tls"])
        #expect(tlsHelp.stdout.contains("USAGE: vault tls"), "\(tlsHelp)")

        let audit = try await fixture.run(["audit"])
        #expect(audit.status == 0 || audit.status == 10, "\(audit)")
        #expect(audit.stdout.contains("not checked"), "the breach and TLS auditors took no part: \(audit)")

        let missing = try await fixture.run(["breach", "--offline", fixture.path("no-such-file")], stdin: "hunter2\n")
        #expect(missing.status != 0 && missing.stderr.hasPrefix("vault: error: "), "\(missing)")
        #expect(!missing.stderr.contains("vault-network"), "\(missing)")
    }

    @Test("without vault-network, vault runs its own commands and names what is missing for the others")
    func companionMissing() async throws {
        let fixture = try await VaultFixture.initialized(process: true)
        try await fixture.add("site", password: "hunter2")
        let alone = fixture.path("alone")
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: VaultBinary.path, toPath: alone + "/vault")
        let environment = fixture.environment

        let version = try await ExternalProgram.run(alone + "/vault", ["--version"], environment: environment)
        #expect(version.status == 0 && version.stdout == "0.1.0\n", "\(version)")
        let list = try await ExternalProgram.run(alone + "/vault", ["list"], environment: environment)
        #expect(list.status == 0 && list.stdout == "site\n", "\(list)")
        let help = try await ExternalProgram.run(alone + "/vault", ["--help"], environment: environment)
        #expect(help.status == 0 && help.stdout.contains("USAGE: vault <subcommand>"), "\(help)")

        // vault copied under the companion's name is not taken for it (it would hand over to itself).
        try FileManager.default.copyItem(atPath: VaultBinary.path, toPath: alone + "/vault-network")
        let copy = try await ExternalProgram.run(alone + "/vault-network", ["breach", "--online"], environment: environment)
        #expect(copy.status == 6 && copy.stderr.contains("not installed"), "\(copy)")
        try FileManager.default.removeItem(atPath: alone + "/vault-network")
        let expected = "vault: error: this needs vault-network (the breach, TLS and SSH agent plugins), which is not installed: "
            + "looked for \(alone)/vault-network and \(fixture.root)/libexec/vault/vault-network\n"
        for arguments in [["breach", "--online"], ["audit"], ["tls", "example.org"], ["plugins"]] {
            let refused = try await ExternalProgram.run(alone + "/vault", arguments, environment: environment)
            #expect(refused.status == 6 && refused.stderr == expected && refused.stdout.isEmpty, "\(refused)")
        }
    }
}
