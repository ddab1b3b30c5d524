import CLITestSupport
import Foundation
import Testing

/// The exit statuses of the product contract (3 wrong password, 4 not found, 5 exists, 64 usage)
/// and the one-line `vault: error: …` message that goes with each.
@Suite("Exit codes and error messages")
struct ExitCodeTests {
    @Test("a wrong master password exits 3, for reading and for writing, and changes nothing")
    func wrongPassword() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("web/site", password: "pw")
        let before = try fixture.vaultBytes()
        let wrong = try VaultFixture.writeFile(fixture.path("wrong-password"), "not the master password\n")
        for arguments in [["get", "web/site"], ["list"], ["rm", "web/site", "--yes"]] {
            expectFailure(try await fixture.run(arguments, environment: ["VAULT_PASSWORD_FILE": wrong]),
                          status: 3, mentioning: "wrong master password")
        }
        expectFailure(try await fixture.run(["add", "web/other"], stdin: "pw\n", environment: ["VAULT_PASSWORD_FILE": wrong]),
                      status: 3, mentioning: "wrong master password")
        expectFailure(try await fixture.run(["get", "web/site", "--password-file", wrong]),
                      status: 3, mentioning: "wrong master password")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("a missing entry exits 4")
    func missingEntry() async throws {
        let fixture = try await VaultFixture.initialized()
        for arguments in [["get", "nope"], ["show", "nope"], ["rm", "nope", "--yes"], ["edit", "nope", "--tag", "t"], ["mv", "nope", "x"]] {
            expectFailure(try await fixture.run(arguments), status: 4, mentioning: "no entry named 'nope'")
        }
    }

    @Test("adding an existing name exits 5 and keeps the first; --force replaces it")
    func duplicateAdd() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("dup", password: "first")
        expectFailure(try await fixture.run(["add", "dup"], stdin: "second\n"), status: 5, mentioning: "'dup' already exists")
        #expect(try await fixture.password(of: "dup") == "first")
        try await fixture.succeed(["add", "dup", "--force"], stdin: "third\n")
        #expect(try await fixture.password(of: "dup") == "third")
    }

    @Test("no vault exits 4 and points at vault init")
    func missingVault() async throws {
        let fixture = try VaultFixture()
        for arguments in [["get", "x"], ["list"], ["export", "--stdout", "--yes"]] {
            expectFailure(try await fixture.run(arguments), status: 4, mentioning: "no vault at \(fixture.vaultPath)", "`vault init`")
        }
        expectFailure(try await fixture.run(["add", "x"], stdin: "pw\n"), status: 4, mentioning: "`vault init`")
        #expect(!FileManager.default.fileExists(atPath: fixture.vaultPath))
    }

    @Test("init over an existing vault exits 5 and leaves it alone")
    func initTwice() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("keep", password: "pw")
        let before = try fixture.vaultBytes()
        expectFailure(try await fixture.run(["init"] + VaultFixture.cheapKDF), status: 5, mentioning: "already exists")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("an unknown flag is a usage error (64)")
    func unknownFlag() async throws {
        let fixture = try await VaultFixture.initialized()
        expectUsageError(try await fixture.run(["get", "x", "--bogus"]), mentioning: "--bogus")
        expectUsageError(try await fixture.run(["frobnicate"]), mentioning: "frobnicate")
        expectUsageError(try await fixture.run(["export", "--yes"]), mentioning: "give either --output FILE or --stdout")
        expectUsageError(try await fixture.run(["export", "--yes", "--stdout", "--output", fixture.path("x.json")]),
                         mentioning: "give either --output FILE or --stdout")
        expectUsageError(try await fixture.run(["import", "x.json", "--on-conflict", "merge"]), mentioning: "merge")
        expectUsageError(try await fixture.run(["add", "x", "--field", "no-equals-sign"]), mentioning: "no-equals-sign")
        expectUsageError(try await fixture.run(["add", "x", "--field", "password=oops"]), mentioning: "built-in part of an entry")
    }

    @Test("KDF parameters below the minimum are refused (64) and create nothing", arguments: [
        (["--kdf-memory-mib", "4", "--kdf-iterations", "1", "--kdf-parallelism", "1"], "below the minimum of 8 MiB"),
        (["--kdf-memory-mib", "8", "--kdf-iterations", "0", "--kdf-parallelism", "1"], "iterations must be at least 1"),
        (["--kdf-memory-mib", "8", "--kdf-iterations", "1", "--kdf-parallelism", "0"], "parallelism must be at least 1"),
        (["--kdf-memory-mib=-1", "--kdf-iterations", "1", "--kdf-parallelism", "1"], "below the minimum"),
    ])
    func invalidKDF(options: [String], message: String) async throws {
        let fixture = try VaultFixture()
        expectFailure(try await fixture.run(["init"] + options), status: 64, mentioning: "key derivation parameters", message)
        #expect(!FileManager.default.fileExists(atPath: fixture.vaultPath))
    }

    @Test("a wrong number of lines on standard input is refused (1) and adds nothing")
    func wrongLineCount() async throws {
        let fixture = try await VaultFixture.initialized()
        expectFailure(try await fixture.run(["add", "two-lines"], stdin: "pw\nextra\n"), status: 1, mentioning: "expected 1 line")
        expectFailure(try await fixture.run(["add", "no-input"]), status: 1, mentioning: "got 0")
        expectFailure(try await fixture.run(["add", "secret", "--secret-field", "pin"], stdin: "pw\n"),
                      status: 1, mentioning: "expected 2 lines")
        #expect(try await fixture.names() == [])
    }
}
