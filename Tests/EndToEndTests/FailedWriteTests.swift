import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A write that fails halfway under a file-size limit (a process of its own, held by prlimit) is
/// one line and exit 1; the vault stays byte for byte as it was, no temporary file is left, and
/// the lock is free for the next command (a full file system is FullFileSystemTests, in
/// CLITests).
@Suite("Failed writes")
struct FailedWriteTests {
    @Test("under a file-size limit smaller than the vault: exit 1, one line, nothing changed, the next add succeeds")
    func fileSizeLimit() async throws {
        let prlimit = try #require(ExternalProgram.find("prlimit"), "prlimit (util-linux) is needed")
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("first", password: "first-pw")
        let before = try fixture.vaultBytes()
        let folderBefore = try FailedWrite.contents(of: fixture.root)
        try #require(before.count > 1024)
        let result = try await ExternalProgram.run(
            prlimit, ["--fsize=1024", "--", VaultBinary.path, "add", "second"], stdin: Data("second-pw\n".utf8),
            environment: fixture.environment)
        try await FailedWrite.expectIntact(result, fixture: fixture, vaultPath: fixture.vaultPath, before: before,
                                    folderBefore: folderBefore, environment: [:])
        let next = try await fixture.add("second", password: "second-pw")
        #expect(!next.stderr.contains("Waiting"), "the lock must have been released: \(next)")
        #expect(try await fixture.names() == ["first", "second"])
    }
}
