import CLITestSupport
import Foundation
import Testing

/// The key derivation parameters vault writes stay within the limit past which it questions a
/// vault's header (a planted costly header is KDFCostTests, in EndToEndTests): rekey and passwd
/// take new ones within it, and neither they nor init write ones past it.
@Suite("Key derivation limits")
struct KDFLimitTests {
    @Test("rekey and passwd take new parameters within the limit, and refuse those past it")
    func rotationChangesThem() async throws {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("entry", password: "entry-pw")
        try await fixture.succeed(["rekey", "--kdf-iterations", "2", "--kdf-memory-mib", "16"])
        let kdf = try JSONValue.object(try fixture.vaultBytes())["kdf"] as? [String: Any]
        #expect(kdf?["iterations"] as? Int == 2 && kdf?["memory_kib"] as? Int == 16384 && kdf?["parallelism"] as? Int == 1, "\(String(describing: kdf))")
        #expect(try await fixture.password(of: "entry") == "entry-pw")
        let before = try fixture.vaultBytes()
        let newPassword = try VaultFixture.writeFile(fixture.path("new-password"), "new\n")
        expectFailure(try await fixture.run(["passwd", "--new-password-file", newPassword, "--kdf-memory-mib", "4096"]),
                      status: 64, mentioning: "times the default")
        #expect(try fixture.vaultBytes() == before)
    }

    @Test("init refuses parameters past the same limit, so vault never writes a file it would question")
    func initRefusesCostlyParameters() async throws {
        let fixture = try VaultFixture()
        let result = try await fixture.run(["init", "--kdf-memory-mib", "4096", "--kdf-iterations", "10"])
        expectFailure(result, status: 64, mentioning: "times the default")
        #expect(!FileManager.default.fileExists(atPath: fixture.vaultPath))
    }
}
