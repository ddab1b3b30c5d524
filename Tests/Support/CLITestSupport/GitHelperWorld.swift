import Foundation
import Testing

/// A vault fixture whose git finds vault's credential helper as it does after `make install`:
/// a folder `bin`, first on PATH, holds `git-credential-vault` (the very file `make install`
/// installs, copied from scripts/) beside a `vault` that links to the built binary, and the
/// fixture's `~/.gitconfig` says `credential.helper = vault`. git never prompts on a terminal
/// (`GIT_TERMINAL_PROMPT=0`) and reads no system configuration.
package struct GitHelperWorld {
    /// The helper as the repository ships it.
    package static let helperScript = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/git-credential-vault").path

    package let fixture: VaultFixture
    package let bin: String
    package let git: String

    package init() async throws {
        git = try #require(ExternalProgram.find("git"), "git is not installed")
        fixture = try await VaultFixture.initialized()
        bin = fixture.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Self.helperScript, toPath: bin + "/git-credential-vault")
        try FileManager.default.createSymbolicLink(atPath: bin + "/vault", withDestinationPath: VaultBinary.path)
        try await gitSucceeds(["config", "--global", "credential.helper", "vault"])
        try await gitSucceeds(["config", "--global", "user.name", "Test"])
        try await gitSucceeds(["config", "--global", "user.email", "test@example.com"])
        try await gitSucceeds(["config", "--global", "init.defaultBranch", "main"])
    }

    /// The fixture's environment with `bin` first on PATH, no terminal prompts and no system
    /// configuration; `changes` add variables, or remove them with nil.
    package func environment(_ changes: [String: String?] = [:]) -> [String: String] {
        var environment = fixture.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for (name, value) in changes { environment[name] = value }
        return environment
    }

    /// Runs `git arguments…` in the fixture's folder (or `-C` wherever the arguments say).
    package func git(_ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:]) async throws -> VaultResult {
        try await ExternalProgram.run(git, ["-C", fixture.root] + arguments, stdin: stdin.map { Data($0.utf8) },
                                      environment: environment(changes), timeout: .seconds(60))
    }

    /// Runs `git arguments…` and stops the test unless it exits 0.
    @discardableResult
    package func gitSucceeds(
        _ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> VaultResult {
        let result = try await git(arguments, stdin: stdin, environment: changes)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result
    }
}
