import CLITestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A write that fails halfway (the file-size limit, a full file system) is one line and exit 1;
/// the vault stays byte for byte as it was, no temporary file is left, and the lock is free for
/// the next command.
@Suite("Failed writes")
struct FailedWriteTests {
    /// The names in a folder, hidden ones included.
    private static func contents(of folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    /// Checks what a failed write must leave behind, then that the next add goes through
    /// without waiting for a lock.
    private static func expectIntact(
        _ result: VaultResult, fixture: VaultFixture, vaultPath: String, before: Data, folderBefore: Set<String>,
        environment: [String: String?], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        expectFailure(result, status: 1, mentioning: vaultPath, sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: URL(fileURLWithPath: vaultPath)) == before, sourceLocation: sourceLocation)
        let folder = (vaultPath as NSString).deletingLastPathComponent
        #expect(try contents(of: folder) == folderBefore, "no temporary file may be left", sourceLocation: sourceLocation)
    }

    @Test("under a file-size limit smaller than the vault: exit 1, one line, nothing changed, the next add succeeds")
    func fileSizeLimit() async throws {
        let prlimit = try #require(ExternalProgram.find("prlimit"), "prlimit (util-linux) is needed")
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("first", password: "first-pw")
        let before = try fixture.vaultBytes()
        let folderBefore = try Self.contents(of: fixture.root)
        try #require(before.count > 1024)
        let result = try await ExternalProgram.run(
            prlimit, ["--fsize=1024", "--", VaultBinary.path, "add", "second"], stdin: Data("second-pw\n".utf8),
            environment: fixture.environment)
        try await Self.expectIntact(result, fixture: fixture, vaultPath: fixture.vaultPath, before: before,
                                    folderBefore: folderBefore, environment: [:])
        let next = try await fixture.add("second", password: "second-pw")
        #expect(!next.stderr.contains("Waiting"), "the lock must have been released: \(next)")
        #expect(try await fixture.names() == ["first", "second"])
    }

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
        let folderBefore = try Self.contents(of: mountPoint)
        // A note long enough that the payload needs more room than the old one.
        let note = String(repeating: "n", count: 8192)
        let result = try await fixture.run(["add", "second", "--note", note], stdin: "second-pw\n", environment: environment)
        try await Self.expectIntact(result, fixture: fixture, vaultPath: vaultPath, before: before,
                                    folderBefore: folderBefore, environment: environment)
        #expect(result.stderr.contains("No space left on device"), "\(result)")

        try FileManager.default.removeItem(atPath: filler)
        let next = try await fixture.succeed(["add", "second", "--note", note], stdin: "second-pw\n", environment: environment)
        #expect(!next.stderr.contains("Waiting"), "the lock must have been released: \(next)")
        #expect(try await fixture.succeed(["list"], environment: environment).stdoutLines == ["first", "second"])
    }
}
