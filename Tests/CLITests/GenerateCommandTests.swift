import CLITestSupport
import Foundation
import Testing

/// `vault generate`: passwords or passphrases on standard output, one per line, the policy's
/// entropy on standard error (or both in JSON), and impossible or contradictory policies
/// refused with exit 64 and a message saying what to change. It needs no vault.
@Suite("vault generate")
struct GenerateCommandTests {
    @Test("by default, one line of 20 characters of all four classes, and the entropy on standard error")
    func defaults() async throws {
        let result = try await VaultFixture().succeed(["generate"])
        #expect(result.stdoutLines.count == 1, "\(result)")
        PasswordShape.expect(result.stdoutLines.first ?? "", length: 20)
        #expect(result.stderr == "Entropy: 130.9 bits per password.\n", "\(result)")
    }

    @Test("--count 5 prints five different passwords, one per line")
    func count() async throws {
        let result = try await VaultFixture().succeed(["generate", "--count", "5"])
        #expect(result.stdoutLines.count == 5, "\(result)")
        #expect(Set(result.stdoutLines).count == 5, "\(result)")
        for password in result.stdoutLines { PasswordShape.expect(password, length: 20) }
        #expect(result.stderr == "Entropy: 130.9 bits per password.\n", "\(result)")
    }

    @Test("the options shape the password", arguments: [
        (["--length", "32", "--no-symbols"], 32, [PasswordShape.lower, PasswordShape.upper, PasswordShape.digits]),
        (["--length", "4", "--no-lower", "--no-upper", "--symbols", "@#"], 4, [PasswordShape.digits, Set("@#")]),
        (["--length", "1", "--no-lower", "--no-upper", "--no-symbols"], 1, [PasswordShape.digits]),
    ])
    func options(arguments: [String], length: Int, classes: [Set<Character>]) async throws {
        let result = try await VaultFixture().succeed(["generate", "--count", "20"] + arguments)
        #expect(result.stdoutLines.count == 20, "\(result)")
        for password in result.stdoutLines { PasswordShape.expect(password, length: length, classes: classes) }
    }

    @Test("--words 6 prints a passphrase of six words, with 6·log2(7776) bits")
    func passphrase() async throws {
        let result = try await VaultFixture().succeed(["generate", "--words", "6", "--separator", " ", "--capitalize"])
        let words = try #require(result.stdoutLines.first, "\(result)").split(separator: " ")
        #expect(result.stdoutLines.count == 1 && words.count == 6, "\(result)")
        #expect(words.allSatisfy { $0.first?.isUppercase == true }, "\(result)")
        #expect(result.stderr == "Entropy: \(String(format: "%.1f", 6 * log2(7776.0))) bits per passphrase.\n", "\(result)")
    }

    @Test("--json prints the entropy and the passwords, and nothing on standard error")
    func json() async throws {
        let result = try await VaultFixture().succeed(["generate", "--json", "--count", "3"])
        #expect(result.stderr.isEmpty, "\(result)")
        let object = try JSONValue.object(result.stdoutData)
        #expect(Set(object.keys) == ["entropy_bits", "passwords"])
        let bits = try #require(object["entropy_bits"] as? Double)
        #expect(abs(bits - 130.9) < 0.05 && abs(bits * 100 - (bits * 100).rounded()) < 1e-6, "rounded to 2 places: \(bits)")
        let passwords = try #require(object["passwords"] as? [String])
        #expect(passwords.count == 3)
        for password in passwords { PasswordShape.expect(password, length: 20) }
    }

    @Test("a policy no password can meet exits 64 and says what to change", arguments: [
        (["--no-lower", "--no-upper", "--no-digits", "--no-symbols"], "allow at least one of lower, upper, digits or symbols"),
        (["--no-lower", "--no-upper", "--no-digits", "--symbols", "|", "--exclude-ambiguous"], "leaves no symbols; add other symbols"),
        (["--length", "3"], "use --length 4 or more, or drop a class"),
        (["--length", "2", "--no-symbols", "--json"], "use --length 3 or more"),
    ])
    func impossible(arguments: [String], advice: String) async throws {
        expectFailure(try await VaultFixture().run(["generate"] + arguments), status: 64, mentioning: advice)
    }

    @Test("contradictory or out-of-range options are usage errors", arguments: [
        (["--words", "3", "--length", "10"], "--words makes a passphrase"),
        (["--separator", "+"], "go with --words"),
        (["--clip", "--json"], "--clip and --json do not go together"),
        (["--count", "0"], "--count must be between"),
        (["--length", "5000"], "--length must be between 1 and 4096"),
        (["--symbols", "ab"], "ASCII punctuation only"),
        (["--clip-timeout", "5"], "go with --clip"),
    ])
    func usage(arguments: [String], message: String) async throws {
        expectUsageError(try await VaultFixture().run(["generate"] + arguments), mentioning: message)
    }
}
