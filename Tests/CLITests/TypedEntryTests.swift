import CLITestSupport
import Foundation
import Testing

/// `vault add --type`: each type's fields asked in order (secret ones hidden, empty ones left
/// out), read from standard input one line each, card numbers and IBANs checked, an SSH key
/// made by the real ssh-keygen kept whole with ssh-keygen's fingerprint, notes of several lines.
@Suite("Typed entries")
struct TypedEntryTests {
    private func view(_ fixture: VaultFixture, _ name: String) async throws -> [String: Any] {
        try JSONValue.object(try await fixture.succeed(["show", name, "--json", "--reveal"]).stdoutData)
    }

    private func fields(_ view: [String: Any]) -> [String: (value: String, secret: Bool)] {
        var result: [String: (String, Bool)] = [:]
        for case let field as [String: Any] in view["fields"] as? [Any] ?? [] {
            result[field["name"] as? String ?? ""] = (field["value"] as? String ?? "", field["secret"] as? Bool ?? false)
        }
        return result
    }

    @Test("a card from standard input: the type's fields in order, secret ones masked, a field left out by an empty line")
    func cardFromStandardInput() async throws {
        let fixture = try await VaultFixture.initialized()
        let result = try await fixture.succeed(["add", "card/visa", "--type", "card", "--url", "https://bank.example"],
                                               stdin: "Jane Doe\n4111 1111 1111 1111\n12/2030\n123\n\n")
        #expect(result.stderr == "Added card/visa.\n", "a valid number gets no warning: \(result)")
        let view = try await view(fixture, "card/visa")
        #expect(view["type"] as? String == "card" && view["password"] == nil && view["urls"] as? [String] == ["https://bank.example"])
        let fields = fields(view)
        #expect(fields.keys.sorted() == ["cardholder", "expiry", "number", "security code"], "the empty PIN is left out: \(fields)")
        #expect(fields["number"]! == ("4111 1111 1111 1111", true) && fields["security code"]! == ("123", true))
        #expect(fields["cardholder"]! == ("Jane Doe", false) && fields["expiry"]! == ("12/2030", false))
        let shown = try await fixture.succeed(["show", "card/visa"]).stdout
        #expect(shown.contains("Type:            payment card\n") && shown.contains("Card number:     ********\n"), "\(shown)")
        #expect(!shown.contains("4111") && !shown.contains("123\n"))
        #expect(try await fixture.succeed(["get", "card/visa", "--field", "number"]).stdout == "4111 1111 1111 1111\n")
    }

    @Test("a mistyped card number or IBAN is warned about, without its value, and stored as typed")
    func checkDigits() async throws {
        let fixture = try await VaultFixture.initialized()
        let card = try await fixture.succeed(["add", "card/typo", "--type", "card"], stdin: "Jane Doe\n4111 1111 1111 1121\n\n\n\n")
        #expect(card.stderrLines == ["vault: warning: the card number fails the Luhn check: a character may be mistyped (stored as typed)",
                                     "Added card/typo."], "\(card)")
        #expect(!card.stderr.contains("1121"))
        #expect(try await fixture.succeed(["get", "card/typo", "--field", "number"]).stdout == "4111 1111 1111 1121\n")

        let bank = try await fixture.succeed(["add", "bank/typo", "--type", "bank"], stdin: "Jane Doe\nGB82 WEST 1234 5698 7654 33\nWESTGB22\n\n")
        #expect(bank.stderrLines.first == "vault: warning: the IBAN fails the IBAN check (ISO 13616 mod 97): a character may be mistyped (stored as typed)",
                "\(bank)")
        #expect(!bank.stderr.contains("7654 33"))
        #expect(try await fixture.succeed(["get", "bank/typo", "--field", "iban"]).stdout == "GB82 WEST 1234 5698 7654 33\n")
        let good = try await fixture.succeed(["add", "bank/good", "--type", "bank"], stdin: "Jane Doe\ngb82 west 1234 5698 7654 32\n\n12345678\n")
        #expect(good.stderr == "Added bank/good.\n", "\(good)")
        let fields = fields(try await view(fixture, "bank/good"))
        #expect(fields.keys.sorted() == ["account holder", "account number", "iban"] && fields["iban"]!.secret && fields["account number"]!.secret)
    }

    @Test("an identity keeps every field the type asks for, in the type's order on show")
    func identity() async throws {
        let fixture = try await VaultFixture.initialized()
        let lines = ["Jane Q. Doe", "1 Main Street, Springfield", "+1 555 0100", "jane@example.com", "P1234567", "ID-99", "DL-42"]
        try await fixture.succeed(["add", "me", "--type", "identity"], stdin: lines.joined(separator: "\n") + "\n")
        let shown = try await fixture.succeed(["show", "me", "--reveal"]).stdout
        let labels = ["Full name", "Postal address", "Phone number", "E-mail address", "Passport number", "Identity card number", "Driving licence number"]
        let positions = try labels.map { label in try #require(shown.range(of: label + ":")?.lowerBound, "\(label) in \(shown)") }
        #expect(positions == positions.sorted(), "\(shown)")
        for line in lines { #expect(shown.contains(line)) }
        #expect(fields(try await view(fixture, "me"))["passport number"]?.secret == true)
    }

    @Test("an SSH key made by ssh-keygen: the PEM block kept whole, the passphrase as the password, ssh-keygen's fingerprint")
    func sshKey() async throws {
        let fixture = try await VaultFixture.initialized()
        let (keygen, keyPath, privateKey, publicKey) = try await SSHKeygen.makeKey(in: fixture, passphrase: "pass phrase", comment: "jane@example.com")
        let listed = try await ExternalProgram.run(keygen, ["-l", "-f", keyPath + ".pub"], environment: [:])
        let fingerprint = try #require(listed.stdout.split(separator: " ").dropFirst().first.map(String.init))

        try await fixture.succeed(["add", "ssh/laptop", "--type", "ssh-key"], stdin: privateKey + publicKey + "pass phrase\n")
        let fields = fields(try await view(fixture, "ssh/laptop"))
        #expect(fields["private key"]! == (String(privateKey.dropLast()), true), "the key's lines, without the final newline")
        #expect(fields["public key"]! == (String(publicKey.dropLast()), false))
        #expect(fields["fingerprint"]! == (fingerprint, false))
        #expect(try await fixture.password(of: "ssh/laptop") == "pass phrase")
        let shown = try await fixture.succeed(["show", "ssh/laptop"]).stdout
        #expect(shown.contains("Passphrase:") && shown.contains("Key fingerprint: \(fingerprint)") && !shown.contains("PRIVATE KEY"), "\(shown)")

        // The stored key is the key: written back out, ssh-keygen opens it with the passphrase.
        let copy = try VaultFixture.writeFile(fixture.path("copy"), try await fixture.succeed(["get", "ssh/laptop", "--field", "private key"]).stdout)
        let opened = try await ExternalProgram.run(keygen, ["-y", "-P", "pass phrase", "-f", copy], environment: [:])
        #expect(opened.status == 0 && opened.stdout == publicKey, "\(opened)")

        // Its public key line, worked out from the private key with the passphrase: ssh-keygen -y's.
        #expect(try await fixture.succeed(["get", "ssh/laptop", "--field", "public-key"]).stdout == publicKey)

        // No passphrase: an empty line, and the entry has no password.
        try await fixture.succeed(["add", "ssh/bare", "--type", "ssh-key"], stdin: privateKey + publicKey + "\n")
        #expect(try await view(fixture, "ssh/bare")["has_password"] as? Bool == false)
        // A public key that is no key: stored, warned about, no fingerprint.
        let odd = try await fixture.succeed(["add", "ssh/odd", "--type", "ssh-key"], stdin: privateKey + "not a key\n\n")
        #expect(odd.stderrLines.first?.contains("no fingerprint") == true, "\(odd)")
        #expect(self.fields(try await view(fixture, "ssh/odd"))["fingerprint"] == nil)
        // A private key without its END line is refused, and nothing is written.
        let cut = privateKey.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
        expectFailure(try await fixture.run(["add", "ssh/cut", "--type", "ssh-key"], stdin: cut + publicKey + "\n"),
                      status: 64, mentioning: "-----END")
        #expect(try await fixture.names() == ["ssh/bare", "ssh/laptop", "ssh/odd"])
    }

    @Test("get --field public-key: vault hands it to vault-network, which gives ssh-keygen -y's line for a PEM key; other entries have none")
    func publicKeyLine() async throws {
        let fixture = try await VaultFixture.initialized(process: true)
        let keygen = try #require(ExternalProgram.find("ssh-keygen"))
        let path = fixture.path("id_rsa")
        let made = try await ExternalProgram.run(keygen, ["-q", "-t", "rsa", "-b", "2048", "-m", "PEM", "-N", "pass phrase", "-f", path], environment: [:])
        try #require(made.status == 0, "\(made)")
        let privateKey = try String(contentsOfFile: path, encoding: .utf8)
        #expect(privateKey.contains("BEGIN RSA PRIVATE KEY") && privateKey.contains("ENCRYPTED"))
        try await fixture.succeed(["add", "ssh/rsa", "--type", "ssh-key"], stdin: privateKey + "\npass phrase\n")
        let expected = try await ExternalProgram.run(keygen, ["-y", "-P", "pass phrase", "-f", path], environment: [:])
        #expect(try await fixture.succeed(["get", "ssh/rsa", "--field", "public-key"]).stdout == expected.stdout)
        #expect(expected.stdout.hasPrefix("ssh-rsa AAAA"))
        try await fixture.add("web/site", password: "p")
        expectFailure(try await fixture.run(["get", "web/site", "--field", "public-key"]), status: 4, mentioning: "no field 'public-key'")
    }

    @Test("a note is all of standard input, blank lines kept; an empty one, --otp or --note with it are refused")
    func note() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.succeed(["add", "notes/wifi", "--type", "note", "--tag", "home"], stdin: "Network: home\n\nKey: correct horse\n")
        let view = try await view(fixture, "notes/wifi")
        #expect(view["notes"] as? String == "Network: home\n\nKey: correct horse" && view["type"] as? String == "note" && view["has_password"] as? Bool == false)
        expectFailure(try await fixture.run(["add", "notes/empty", "--type", "note"], stdin: "\n  \n"), status: 1, mentioning: "note's text is empty")
        expectUsageError(try await fixture.run(["add", "notes/x", "--type", "note", "--otp"], stdin: "x\n"), mentioning: "--type note")
        expectUsageError(try await fixture.run(["add", "notes/x", "--type", "note", "--note", "visible"], stdin: "x\n"), mentioning: "--type note")
        #expect(try await fixture.names() == ["notes/wifi"])
    }

    @Test("wrong line counts, a generated password or --clip with a type are refused, and nothing is written")
    func refusals() async throws {
        let fixture = try await VaultFixture.initialized()
        expectFailure(try await fixture.run(["add", "card/short", "--type", "card"], stdin: "Jane\n4111111111111111\n"),
                      status: 1, mentioning: "expected 5 lines", "got 2")
        expectFailure(try await fixture.run(["add", "card/long", "--type", "card"], stdin: "a\n\n\n\n\nextra\n"),
                      status: 1, mentioning: "expected 5 lines", "got 6")
        expectFailure(try await fixture.run(["add", "card/extra", "--type", "card", "--secret-field", "online password"], stdin: "a\n\n\n\n\n\n"),
                      status: 1, mentioning: "online password", "is empty")
        // A failure is one line: the check's warning is told only once the entry is stored.
        try await fixture.succeed(["add", "card/taken", "--type", "card"], stdin: "J\n4111111111111111\n\n\n\n")
        expectFailure(try await fixture.run(["add", "card/taken", "--type", "card"], stdin: "J\n4111111111111112\n\n\n\n"),
                      status: 5, mentioning: "already exists")
        expectUsageError(try await fixture.run(["add", "card/x", "--type", "card", "--generate"]), mentioning: "--type card has none")
        expectUsageError(try await fixture.run(["add", "card/x", "--type", "card", "--clip"]), mentioning: "--type card has none")
        expectUsageError(try await fixture.run(["add", "card/x", "--type", "passport"], stdin: "x\n"), mentioning: "passport")
        #expect(try await fixture.names() == ["card/taken"])
    }

    @Test("--secret-field values follow the type's lines; --force replaces a login and keeps its password in the history")
    func secretFieldsAndReplacement() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("card/visa", password: "old-login-password")
        try await fixture.succeed(["add", "card/visa", "--type", "card", "--force", "--secret-field", "online password"],
                                  stdin: "Jane\n4111111111111111\n\n\n\nweb-secret\n")
        let view = try await view(fixture, "card/visa")
        #expect(fields(view)["online password"]! == ("web-secret", true) && view["password"] == nil)
        let history = try #require(view["history"] as? [Any])
        #expect(history.count == 1 && (history.first as? [String: Any])?["password"] as? String == "old-login-password")
    }

    @Test("on a terminal: the fields asked in order, secret ones without echo, a pasted private key, a typed note ended by Ctrl-D")
    func atTheTerminal() async throws {
        let fixture = try await VaultFixture.initialized()
        let person = ScriptedTerminal([.line("Jane Doe"), .line("4111 1111 1111 1111"), .line(""), .line("123"), .line("9876")])
        let card = try await fixture.run(["add", "card/visa", "--type", "card"], person: person, onTerminal: true)
        #expect(card.status == 0, "\(card)")
        #expect(person.shown == ["Cardholder name: ", "Card number (hidden): ", "Expiry date (MM/YYYY): ", "Security code (CVV) (hidden): ", "PIN (hidden): "])
        #expect(person.echoed == [true, false, true, false, false])
        #expect(fields(try await view(fixture, "card/visa")).keys.sorted() == ["cardholder", "number", "pin", "security code"])

        let pem = ["-----BEGIN OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAA", "-----END OPENSSH PRIVATE KEY-----"]
        let keyPerson = ScriptedTerminal(pem.map { .line($0) } + [.line(""), .line("pp"), .line("pp")])
        let key = try await fixture.run(["add", "ssh/pasted", "--type", "ssh-key"], person: keyPerson, onTerminal: true)
        #expect(key.status == 0, "\(key)")
        #expect(keyPerson.echoed == [false, true, false, false], "the key is read under one prompt: \(keyPerson.shown)")
        #expect(fields(try await view(fixture, "ssh/pasted"))["private key"]?.value == pem.joined(separator: "\n"))
        #expect(try await fixture.password(of: "ssh/pasted") == "pp")

        let mismatch = ScriptedTerminal(pem.map { .line($0) } + [.line(""), .line("pp"), .line("qq")])
        expectFailure(try await fixture.run(["add", "ssh/mismatch", "--type", "ssh-key"], person: mismatch, onTerminal: true),
                      status: 1, mentioning: "did not match")

        let writer = ScriptedTerminal([.line("first"), .line(""), .line("third"), .end])
        let note = try await fixture.run(["add", "notes/typed", "--type", "note"], person: writer, onTerminal: true)
        #expect(note.status == 0, "\(note)")
        #expect(writer.echoed == [true] && writer.shown.first?.contains("Ctrl-D") == true)
        #expect(try await view(fixture, "notes/typed")["notes"] as? String == "first\n\nthird")
        #expect(try await fixture.names() == ["card/visa", "notes/typed", "ssh/pasted"])
    }
}
