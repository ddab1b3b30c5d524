import Foundation
import Testing
@testable import Breach

/// `OfflineSource`: a downloaded copy, as one sorted file or as a folder of range files; counts
/// come back in the order of the hashes asked for, and a missing range file is an error, never
/// a "not found".
@Suite("OfflineSource")
struct OfflineSourceTests {
    static let data = KnownPasswords(count: 300)

    private func lookUp(_ path: String, _ hashes: [PasswordHash]) -> Result<[Int], BreachError> {
        Result { () throws(BreachError) -> [Int] in try OfflineSource(path: path).lookUp(hashes) }
    }

    private func writeFolder(_ files: [String: String]) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        for (name, text) in files { try folder.write(name, text) }
        return folder
    }

    @Test("one sorted file, LF or CRLF: every password gets its count, in order", arguments: [false, true])
    func sortedFile(crlf: Bool) throws {
        let folder = try ScratchFolder()
        let path = try folder.write("pwned.txt", Self.data.sortedFile(crlf: crlf))
        #expect(lookUp(path, Self.data.hashes) == .success(Self.data.counts))
        #expect(lookUp(path, [PasswordHash(of: "password".utf8)]) == .success([52_256_179]))
        #expect(lookUp(path, []) == .success([]))
    }

    @Test("a folder of range files: every password gets its count, in order")
    func folder() throws {
        let folder = try writeFolder(Self.data.rangeFiles())
        #expect(lookUp(folder.path, Self.data.hashes) == .success(Self.data.counts))
    }

    @Test("a password absent from its range file, with suffixes on both sides of its own, is not found")
    func absentWithinRange() throws {
        let password = PasswordHash(of: "password".utf8)
        let suffix = String(decoding: password.suffix, as: UTF8.self)
        let below = String(suffix.dropLast()) + "7", above = String(suffix.dropLast()) + "9"
        let folder = try writeFolder(["5BAA6.txt": "\(below):11\r\n\(above):12\r\n"])
        let neighbours = [below, above].map { PasswordHash(hex: "5BAA6" + $0)! }
        #expect(lookUp(folder.path, [password] + neighbours) == .success([0, 11, 12]))
    }

    @Test("a range file in lower case, LF, with no final newline, still answers")
    func rangeFileVariants() throws {
        let hash = PasswordHash(of: "password".utf8)
        let suffix = String(decoding: hash.suffix, as: UTF8.self).lowercased()
        let folder = try writeFolder(["5BAA6.txt": "0000000000000000000000000000000000A:1\n\(suffix):52256179"])
        #expect(lookUp(folder.path, [hash, hash]) == .success([52_256_179, 52_256_179]))
    }

    @Test("a missing range file is an error naming the folder and the range")
    func missingRange() throws {
        var files = Self.data.rangeFiles()
        let password = PasswordHash(of: "password".utf8)
        files["5BAA6.txt"] = nil
        let folder = try writeFolder(files)
        #expect(lookUp(folder.path, Self.data.hashes) == .failure(.missingRange(folder: folder.path, prefix: "5BAA6")))
        #expect(lookUp(folder.path, [password]).failure?.message.contains("(5BAA6.txt): is the download complete?") == true)
    }

    @Test("a range file holding whole hashes is malformed")
    func wholeHashesInRangeFile() throws {
        let folder = try writeFolder(["5BAA6.txt": "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:52256179\r\n"])
        #expect(lookUp(folder.path, [PasswordHash(of: "password".utf8)])
                == .failure(.malformedData(path: folder.path + "/5BAA6.txt", offset: 0, expected: "35 hex characters, a colon and a count")))
    }

    @Test("a path that does not exist cannot be read")
    func noSuchPath() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/not-there.txt"
        #expect(lookUp(path, [PasswordHash(of: "password".utf8)])
                == .failure(.unreadableData(path: path, reason: String(cString: strerror(ENOENT)))))
    }

    @Test("a FIFO is refused at once instead of hanging on open")
    func fifo() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/pipe"
        try #require(mkfifo(path, 0o600) == 0)
        #expect(lookUp(path, [PasswordHash(of: "password".utf8)])
                == .failure(.unreadableData(path: path, reason: "not a regular file")))
    }

    @Test("an empty range file in a folder is refused, not read as an empty range")
    func emptyRangeFile() throws {
        let folder = try ScratchFolder()
        let hash = PasswordHash(of: "password".utf8)
        _ = try folder.write(hash.prefix + ".txt", "")
        #expect(lookUp(folder.path, [hash]) == .failure(.unreadableData(path: folder.path + "/" + hash.prefix + ".txt",
                                                                        reason: "the file is empty")))
    }
}
