import Foundation
import Testing
@testable import Interchange

/// The ZIP reader against archives the real `zip` tool writes, and against damage.
struct ZipArchiveTests {
    /// Runs `zip ARGUMENTS` in a new folder holding `files`, and returns the archive's bytes.
    private func zip(_ files: [String: [UInt8]], arguments: [String] = []) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, contents) in files {
            try Data(contents).write(to: folder.appendingPathComponent(name))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        process.currentDirectoryURL = folder
        process.arguments = ["-q", "-X"] + arguments + ["out.zip"] + files.keys.sorted()
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "zip failed (scripts/setup --test installs it)")
        return Array(try Data(contentsOf: folder.appendingPathComponent("out.zip")))
    }

    @Test func readsWhatZipWrites() throws {
        let big = Array(String(repeating: "compressible text ", count: 60_000).utf8)
        let files: [String: [UInt8]] = ["a.txt": Array("hello".utf8), "empty": [], "big.txt": big, "ünï.txt": Array("unicode name".utf8)]
        for arguments in [[], ["-0"], ["-fz"]] {
            let archive = try ZipArchive(bytes: try zip(files, arguments: arguments))
            #expect(Set(archive.paths) == Set(files.keys), "\(arguments)")
            for (name, contents) in files {
                #expect(try archive.contents(of: name, limit: 2 << 20) == contents, "\(name) with \(arguments)")
            }
        }
    }

    @Test func refusesDamageAndLimits() throws {
        let bytes = try zip(["secret.txt": Array(String(repeating: "the secret ", count: 100).utf8)])
        #expect(throws: ZipError.tooLarge("secret.txt")) { try ZipArchive(bytes: bytes).contents(of: "secret.txt", limit: 10) }
        #expect(throws: ZipError.missing("other")) { try ZipArchive(bytes: bytes).contents(of: "other", limit: 10_000) }
        // A flipped byte in the compressed data: it no longer inflates, or its CRC is wrong.
        var damaged = bytes
        damaged[45] ^= 0x55
        #expect(throws: ZipError.self) { try ZipArchive(bytes: damaged).contents(of: "secret.txt", limit: 10_000) }
        // Cut short anywhere: refused, never read out of bounds.
        for length in 0..<bytes.count {
            #expect(throws: ZipError.self) {
                let archive = try ZipArchive(bytes: Array(bytes.prefix(length)))
                _ = try archive.contents(of: "secret.txt", limit: 10_000)
            }
        }
        #expect(throws: ZipError.notAZip) { try ZipArchive(bytes: Array("not a zip at all, just text".utf8)) }
    }

    @Test func refusesEncryptedEntries() throws {
        let bytes = try zip(["a.txt": Array("hidden".utf8)], arguments: ["-P", "zip password"])
        #expect(throws: ZipError.encrypted("a.txt")) { try ZipArchive(bytes: bytes).contents(of: "a.txt", limit: 100) }
    }
}
