import Foundation
import CLITestSupport
import Testing

/// `"sync": {"auto": true}` commits every change a command writes, whichever command writes it:
/// not only add, edit and rm (SyncCommandTests) but the ones that change the vault on the side
/// of their work: a HOTP counter moved by `otp`, `get --field otp`, `read`, `inject` and `run`,
/// a login git's credential helper stores or erases, an import, a rename and both rotations.
@Suite("Automatic commits from every command that writes")
struct AutoSyncCommandsTests {
    @Test("each command that writes the vault makes one commit of its own")
    func everyWriterCommits() async throws {
        let world = try await SyncWorld.make()
        let laptop = try await world.founder("laptop")
        try await laptop.succeed(["add", "otp/h", "--otp"],
                                 stdin: "a-long-enough-password\notpauth://hotp/Example:me?secret=JBSWY3DPEHPK3PXP&counter=5\n")
        try laptop.writeConfig(#"{"keyring": false, "sync": {"auto": true}}"#)
        let newPassword = try VaultFixture.writeFile(world.fixture.path("new-password"), "another master password\n")
        let backup = world.fixture.path("backup.json")
        try await laptop.succeed(["export", "--output", backup, "--yes"])
        let login = "protocol=https\nhost=git.example.com\nusername=alice\npassword=token-1\n\n"
        let steps: [(arguments: [String], stdin: String?, environment: [String: String?])] = [
            (["otp", "otp/h"], nil, [:]),
            (["get", "otp/h", "--field", "otp"], nil, [:]),
            (["read", "vault://otp/h#otp"], nil, [:]),
            (["inject"], "code={{ vault://otp/h#otp }}\n", [:]),
            (["run", "--", "true"], nil, ["CODE": "vault://otp/h#otp"]),
            (["git-credential", "store"], login, [:]),
            (["git-credential", "erase"], login, [:]),
            (["mv", "web/a", "web/c"], nil, [:]),
            (["import", backup, "--on-conflict", "rename"], nil, [:]),
            (["rekey"], nil, [:]),
            (["passwd", "--new-password-file", newPassword], nil, [:]),
        ]
        var commits = try await laptop.commitCount()
        for step in steps {
            let result = try await laptop.succeed(step.arguments, stdin: step.stdin, environment: step.environment)
            #expect(!result.stderr.contains("vault: warning:"), "\(result)")
            commits += 1
            #expect(try await laptop.commitCount() == commits, "one commit for \(step.arguments)")
            #expect(try await laptop.gitOutput(["status", "--porcelain"]).isEmpty, "after \(step.arguments)")
        }
    }
}
