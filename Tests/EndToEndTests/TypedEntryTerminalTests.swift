import CLITestSupport
import Testing

/// An SSH key entry added at a real terminal (a pseudo-terminal that vault reads as a person's):
/// a pasted private key arrives in one go and is kept whole (the rest of typed entries is
/// TypedEntryTests, in CLITests).
@Suite("Typed entries at a real terminal")
struct TypedEntryTerminalTests {
    @Test("a private key pasted at a real terminal arrives at once and is kept whole")
    func pastedAtARealTerminal() async throws {
        let fixture = try await VaultFixture.initialized()
        let (_, _, privateKey, publicKey) = try await SSHKeygen.makeKey(in: fixture, passphrase: "", comment: "paste")
        // The whole key is written in one go, as a terminal delivers a paste.
        let session = try await PseudoTerminal.run(
            VaultBinary.path, ["add", "ssh/pasted", "--type", "ssh-key"], environment: fixture.environment,
            answers: [("Private key (hidden): ", privateKey), ("Public key: ", publicKey),
                      ("Passphrase of the key (hidden; empty for none): ", "pp\n"), ("Again: ", "pp\n")])
        #expect(session.termination == .exited(0), "\(session.screen)")
        #expect(!session.screen.contains("PRIVATE KEY"), "a hidden paste is not echoed")
        let stored = try await fixture.succeed(["get", "ssh/pasted", "--field", "private key"]).stdout
        #expect(stored == privateKey, "every line of the key, then get's newline")
        #expect(try await fixture.password(of: "ssh/pasted") == "pp")
    }
}
