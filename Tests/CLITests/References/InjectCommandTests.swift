import CLITestSupport
import Foundation
import Testing

/// `vault inject`: a template in, the same bytes with its references replaced out; all or
/// nothing, into a new 0600 file.
@Suite("vault inject")
struct InjectCommandTests {
    private static let template = """
        # {{ app.name }} stays
        db:
          user: {{ vault://café/ü#username }}
          password: "{{vault://café/ü}}"
          key: {{  vault://café/ü#api-key\t}}
          bank: {{ vault://bank%20account }}

        """
    private static let rendered = """
        # {{ app.name }} stays
        db:
          user: bob@example.org
          password: "pässwörd-ÇAFÉ-1"
          key: sk-live-SECRET-4242
          bank: correct-bank-horse

        """

    @Test("renders a template from standard input to standard output")
    func standardStreams() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let result = try await fixture.run(["inject"], stdin: Self.template)
        #expect(result.status == 0 && result.stdout == Self.rendered && result.stderr.isEmpty, "\(result)")
    }

    @Test("renders a file into a new 0600 file, bytes that are not UTF-8 kept")
    func files() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let input = fixture.path("app.tmpl"), output = fixture.path("app.conf")
        let odd: [UInt8] = [0xff, 0x00, 0xc3, 0x28]
        try VaultFixture.writeFile(input, Data(odd + Array(Self.template.utf8) + odd), mode: 0o644)
        let result = try await fixture.run(["inject", "-i", input, "-o", output])
        #expect(result.status == 0 && result.stdoutData.isEmpty && result.stderr.isEmpty, "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data(odd + Array(Self.rendered.utf8) + odd))
        #expect(try VaultFixture.mode(of: output) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root).filter { $0.hasPrefix("app.conf") } == ["app.conf"],
                "no temporary file is left next to the output")
    }

    @Test("an existing output file is replaced only with --force, and checked before the vault is opened")
    func existingOutput() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let input = try VaultFixture.writeFile(fixture.path("t"), "k={{ vault://web/github }}\n")
        let output = try VaultFixture.writeFile(fixture.path("out"), "old\n", mode: 0o644)
        expectFailure(try await fixture.run(["inject", "-i", input, "-o", output], environment: ["VAULT_PASSWORD_FILE": nil]),
                      status: 5, mentioning: output)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "old\n")
        try await fixture.succeed(["inject", "-i", input, "--out-file", output, "--force"])
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "k=gh-Pa55word!\n")
        #expect(try VaultFixture.mode(of: output) == 0o600)
        expectUsageError(try await fixture.run(["inject", "-i", input, "--force"]), mentioning: "--force")
    }

    @Test("a reference the vault cannot resolve fails naming it, and nothing is written")
    func unresolved() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        let output = fixture.path("out")
        for missing in ["vault://web/gitlab", "vault://web/github#no-such-field"] {
            let template = "a={{ vault://web/github }}\nb={{ \(missing) }}\n"
            expectFailure(try await fixture.run(["inject"], stdin: template), status: 4, mentioning: missing)
            expectFailure(try await fixture.run(["inject", "-o", output], stdin: template), status: 4, mentioning: missing)
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test("a malformed or unclosed reference is a usage error giving its line")
    func malformed() async throws {
        let fixture = try await VaultFixture.withSampleEntries()
        expectFailure(try await fixture.run(["inject"], stdin: "ok\n\n{{ vault://bad%zz }}\n"),
                      status: 64, mentioning: "line 3", "vault://bad%zz")
        expectFailure(try await fixture.run(["inject"], stdin: "x\n{{ vault://web/github\n"), status: 64, mentioning: "line 2")
    }

    @Test("a template without references needs no vault")
    func noReferences() async throws {
        let fixture = try VaultFixture()
        let result = try await fixture.run(["inject"], stdin: "{{ plain }} text\n", environment: ["VAULT_PASSWORD_FILE": nil])
        #expect(result.status == 0 && result.stdout == "{{ plain }} text\n", "\(result)")
    }
}
