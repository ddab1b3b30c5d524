import CLITestSupport
import Foundation
import Testing

/// A vault header that asks for a key derivation far costlier than vault would ever write (a
/// planted file, made to pin the machine for minutes) is refused in scripts and confirmed on a
/// terminal, with the expected cost stated, before any derivation starts.
@Suite("Costly key derivations")
struct KDFCostTests {
    /// The fixture's vault with a header asking for 4 GiB and 100 passes (about 2,000 times the default).
    private func plantedVault() async throws -> VaultFixture {
        let fixture = try await VaultFixture.initialized()
        var bytes = try fixture.vaultBytes()
        bytes = try VaultSurgery.replacing("\"memory_kib\": 8192,", with: "\"memory_kib\": 4194304,", in: bytes)
        bytes = try VaultSurgery.replacing("\"iterations\": 1,", with: "\"iterations\": 100,", in: bytes)
        try VaultFixture.writeFile(fixture.vaultPath, bytes)
        return fixture
    }

    @Test("in a script: exit 3 at once, naming the cost, the vault untouched")
    func refusedInScripts() async throws {
        let fixture = try await plantedVault()
        let before = try fixture.vaultBytes()
        for arguments in [["list"], ["add", "x"], ["export", "--stdout", "--yes"]] {
            let result = try await fixture.run(arguments, stdin: "pw\n", timeout: .seconds(60))
            expectFailure(result, status: 3, mentioning: "4096 MiB", "100 passes", "times the default")
        }
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("on a terminal: asked first, with the expected time; no means no derivation")
    func confirmedOnATerminal() async throws {
        let fixture = try await plantedVault()
        var environment = fixture.environment
        environment["VAULT_PASSWORD_FILE"] = nil
        let session = try await PseudoTerminal.run(
            VaultBinary.path, ["list"], environment: environment, answers: [("[y/N] ", "n\n")], timeout: .seconds(60))
        #expect(session.termination == .exited(1), "\(session.screen)")
        #expect(session.screen.contains("4096 MiB"), "\(session.screen)")
        #expect(session.screen.contains("about"), "the expected time must be stated: \(session.screen)")
        #expect(!session.screen.contains("Master password"), "no password is asked before the cost is confirmed: \(session.screen)")
    }

    @Test("rekey and passwd refuse to keep parameters past the limit, and say how to bring them down")
    func rotationRefusesToKeepThem() async throws {
        let fixture = try await plantedVault()
        let before = try fixture.vaultBytes()
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "new\n")
        for arguments in [["rekey"], ["passwd", "--new-password-file", newPassword]] {
            expectFailure(try await fixture.run(arguments, timeout: .seconds(60)), status: 64, mentioning: "--kdf-memory-mib")
        }
        #expect(try fixture.vaultBytes() == before)
    }
}
