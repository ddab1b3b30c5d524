import CLITestSupport
import Foundation
import SystemPackage
import Testing
import VaultCLI
#if canImport(Glibc)
import Glibc
#endif

/// Commands that ask a person, run in-process with a scripted person at the context's terminal:
/// the master password is asked there when no file gives it, a removal or a plaintext export
/// goes ahead only on yes, and nothing is asked when standard input is not a terminal.
@Suite("Asking at the terminal, through the context")
struct TerminalSeamTests {
    @Test("with no password file the master password is asked at the terminal, once")
    func asksForTheMasterPassword() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let person = ScriptedTerminal([.secret(VaultFixture.masterPassword)])
        let result = try await fixture.run(["get", "web/site"], person: person, environment: ["VAULT_PASSWORD_FILE": nil])
        #expect(result.status == 0 && result.stdout == "site-pw\n", "\(result)")
        #expect(person.shown.count == 1 && person.shown[0].lowercased().contains("master password"), "\(person.shown)")
    }

    @Test("a wrong master password typed at the terminal exits 3")
    func wrongMasterPassword() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let person = ScriptedTerminal([.secret("not the password")])
        let result = try await fixture.run(["get", "web/site"], person: person, environment: ["VAULT_PASSWORD_FILE": nil])
        expectFailure(result, status: 3)
    }

    @Test("rm asks the person, and only yes removes")
    func removalNeedsYes() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let refusing = ScriptedTerminal([.no])
        expectFailure(try await fixture.run(["rm", "web/site"], person: refusing, onTerminal: true), status: 1, mentioning: "cancelled")
        #expect(refusing.shown == ["Remove web/site?"])
        #expect(try await fixture.names() == ["web/site"])

        let agreeing = ScriptedTerminal([.yes])
        let removed = try await fixture.run(["rm", "web/site"], person: agreeing, onTerminal: true)
        #expect(removed.status == 0, "\(removed)")
        #expect(try await fixture.names().isEmpty)
    }

    @Test("without a terminal on standard input nothing is asked: rm needs --yes")
    func noQuestionWithoutTerminalInput() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let person = ScriptedTerminal([.yes])
        expectFailure(try await fixture.run(["rm", "web/site"], person: person), status: 1, mentioning: "--yes")
        #expect(person.shown.isEmpty)
        #expect(try await fixture.names() == ["web/site"])
    }

    @Test("a plaintext export to standard output goes ahead only when the person agrees")
    func exportNeedsYes() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "site-pw")
        let refusing = ScriptedTerminal([.no])
        let refused = try await fixture.run(["export", "--stdout"], person: refusing, onTerminal: true)
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused)")
        #expect(refused.stderrLines.last == "vault: error: cancelled", "after the warning that it is not encrypted: \(refused)")
        #expect(refusing.shown == ["Export 1 entries in plain text?"], "\(refusing.shown)")

        let agreeing = ScriptedTerminal([.yes])
        let exported = try await fixture.run(["export", "--stdout"], person: agreeing, onTerminal: true)
        #expect(exported.status == 0 && exported.stdout.contains("site-pw"), "\(exported)")
    }
}
