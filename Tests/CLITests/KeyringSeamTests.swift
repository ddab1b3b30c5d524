import CLITestSupport
import Foundation
import KeyringDoubles
import Testing

/// What commands do when the context's keyrings cannot keep keys (no Secret Service, and a
/// kernel that refuses keyctl), run in-process with in-memory keyrings that are both missing:
/// reading falls back to the password, with a note the first time the password is asked for a
/// vault on this machine and never while a password file gives it; `unlock` and `lock` exit 6
/// with the keyrings' reasons, and `status` reports them and says the note every time. The same
/// paths against real missing keyrings are FallbackTests.
@Suite("A missing keyring, through the context")
struct KeyringSeamTests {
    static let reason = "no D-Bus session bus"
    static let kernelReason = "keyctl: Operation not permitted"

    /// A fixture whose in-memory keyrings are both missing, for these reasons.
    private func fixture() async throws -> VaultFixture {
        try await VaultFixture.initialized(keyring: .inMemory(InMemoryKeyringSession(
            kernel: .unavailable(reason: Self.kernelReason), secretService: .unavailable(reason: Self.reason))))
    }

    /// The note every command gave, and `status` still gives.
    static let note = "vault: note: the key is not cached (kernel keyring: \(kernelReason); Secret Service: \(reason)); "
        + "the master password will be asked each time"

    /// `get NAME` with the password typed at the terminal (no password file), as a person does.
    private func getAsked(_ fixture: VaultFixture, _ name: String, environment: [String: String?] = [:]) async throws -> VaultResult {
        let person = ScriptedTerminal([.secret(VaultFixture.masterPassword)])
        let result = try await fixture.run(["get", name], person: person, environment: environment.merging(["VAULT_PASSWORD_FILE": nil]) { _, new in new })
        #expect(result.status == 0 && person.shown.count == 1, "asked once: \(result)")
        return result
    }

    @Test("with a password file nothing is asked, and nothing is said of the keyring, however often")
    func quietWithAPasswordFile() async throws {
        let fixture = try await fixture()
        let added = try await fixture.add("web/site", password: "site-pw")
        #expect(!added.stderr.contains("vault: note:"), "\(added)")
        for _ in 0..<2 {
            let got = try await fixture.run(["get", "web/site"])
            #expect(got.status == 0 && got.stdout == "site-pw\n" && got.stderr.isEmpty, "\(got)")
        }
        // --password-file, as much as VAULT_PASSWORD_FILE.
        let flagged = try await fixture.run(["get", "web/site", "--password-file", fixture.passwordFile], environment: ["VAULT_PASSWORD_FILE": nil])
        #expect(flagged.status == 0 && flagged.stderr.isEmpty, "\(flagged)")
        // None of these counts as said: the first command that asks says it.
        #expect(try await getAsked(fixture, "web/site").stderrLines == [Self.note])
    }

    @Test("the first command that asks says the key is not cached; the next ones on this machine do not")
    func notedOncePerVault() async throws {
        let fixture = try await fixture()
        try await fixture.add("web/site", password: "site-pw")
        let first = try await getAsked(fixture, "web/site")
        #expect(first.stdout == "site-pw\n" && first.stderrLines == [Self.note], "\(first)")
        let second = try await getAsked(fixture, "web/site")
        #expect(second.stdout == "site-pw\n" && second.stderr.isEmpty, "\(second)")
        let marks = try FileManager.default.contentsOfDirectory(atPath: fixture.path(".local/state/vault/no-keyring-noted"))
        #expect(marks.count == 1, "one mark, named by the vault's id: \(marks)")
    }

    @Test("another vault on the same machine is noted again")
    func anotherVaultIsNotedAgain() async throws {
        let fixture = try await fixture()
        try await fixture.add("web/site", password: "site-pw")
        #expect(try await getAsked(fixture, "web/site").stderrLines == [Self.note])
        let other: [String: String?] = ["VAULT_PATH": fixture.path("other.json")]
        try #require(try await fixture.run(["init"] + VaultFixture.cheapKDF, environment: other).status == 0)
        try #require(try await fixture.run(["add", "web/other"], stdin: "other-pw\n", environment: other).status == 0)
        let first = try await getAsked(fixture, "web/other", environment: other)
        #expect(first.stdout == "other-pw\n" && first.stderrLines == [Self.note], "\(first)")
        #expect(try await getAsked(fixture, "web/other", environment: other).stderr.isEmpty)
        #expect(try await getAsked(fixture, "web/site").stderr.isEmpty)
    }

    @Test("unlock and lock exit 6 with the keyring's reason; status reports it")
    func unlockLockStatus() async throws {
        let fixture = try await fixture()
        expectFailure(try await fixture.run(["unlock"]), status: 6, mentioning: Self.reason)
        expectFailure(try await fixture.run(["lock"]), status: 6, mentioning: Self.reason)
        let status = try await fixture.run(["status"])
        #expect(status.status == 0, "\(status)")
        #expect(status.stdoutLines.contains("Kernel keyring: unavailable (\(Self.kernelReason))"), "\(status)")
        #expect(status.stdoutLines.contains("Secret Service: unavailable (\(Self.reason))"), "\(status)")
        #expect(status.stdoutLines.contains("State:          locked"), "\(status)")
    }

    @Test("status says the key is not cached every time, after the note was given and with a password file")
    func statusAlwaysSaysIt() async throws {
        let fixture = try await fixture()
        try await fixture.add("web/site", password: "site-pw")
        _ = try await getAsked(fixture, "web/site")
        for arguments in [["status"], ["status"], ["status", "--json"]] {
            let status = try await fixture.run(arguments)
            #expect(status.status == 0 && status.stderrLines == [Self.note], "\(status)")
        }
    }
}
