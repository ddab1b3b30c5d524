import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A write that fails halfway on a full file system (a small tmpfs, which needs root) is one
/// line and exit 1; the vault stays byte for byte as it was, no temporary file is left, and the
/// lock is free for the next command once there is room (a file-size limit is FailedWriteTests,
/// in EndToEndTests).
@Suite("Failed writes: a full file system")
struct FullFileSystemTests {
    @Test("on a full file system: exit 1, one line, nothing changed, the next add succeeds once there is room")
    func fullFileSystem() async throws {
        let fixture = try VaultFixture()
        let mountPoint = fixture.path("small")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=256k,mode=0700") == 0 else {
            print("skipped: cannot mount a small tmpfs here (\(String(cString: strerror(errno)))); needs root or CAP_SYS_ADMIN")
            return
        }
        // The fixture's folder must outlive the mount: its removal would walk into it.
        defer { withExtendedLifetime(fixture) { _ = umount2(mountPoint, Int32(MNT_DETACH)) } }
        let vaultPath = mountPoint + "/vault.json"
        let environment: [String: String?] = ["VAULT_PATH": vaultPath]
        try await fixture.succeed(["init"] + VaultFixture.cheapKDF, environment: environment)
        try await fixture.succeed(["add", "first"], stdin: "first-pw\n", environment: environment)

        let filler = mountPoint + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        let code = errno
        close(fd)
        #expect(code == ENOSPC)

        let before = try Data(contentsOf: URL(fileURLWithPath: vaultPath))
        let folderBefore = try FailedWrite.contents(of: mountPoint)
        // A note long enough that the payload needs more room than the old one.
        let note = String(repeating: "n", count: 8192)
        let result = try await fixture.run(["add", "second", "--note", note], stdin: "second-pw\n", environment: environment)
        try await FailedWrite.expectIntact(result, fixture: fixture, vaultPath: vaultPath, before: before,
                                    folderBefore: folderBefore, environment: environment)
        #expect(result.stderr.contains("No space left on device"), "\(result)")

        try FileManager.default.removeItem(atPath: filler)
        let next = try await fixture.succeed(["add", "second", "--note", note], stdin: "second-pw\n", environment: environment)
        #expect(!next.stderr.contains("Waiting"), "the lock must have been released: \(next)")
        #expect(try await fixture.succeed(["list"], environment: environment).stdoutLines == ["first", "second"])
    }
}
