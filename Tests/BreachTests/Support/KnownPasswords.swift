@testable import Breach

/// Generated passwords for the offline tests: `count` of them, every other one in the data
/// (with a count of its index plus one), and "password" with its real count.
struct KnownPasswords {
    let passwords: [String]
    /// The count each password should get, in the same order (0: absent from the data).
    let counts: [Int]

    init(count: Int) {
        passwords = ["password"] + (0..<count).map { "offline-\($0)" }
        counts = [52_256_179] + (0..<count).map { $0 % 2 == 0 ? $0 + 1 : 0 }
    }

    var hashes: [PasswordHash] { passwords.map { PasswordHash(of: $0.utf8) } }

    /// The hashes in the data with their counts, sorted by hash.
    var known: [(hash: PasswordHash, count: Int)] {
        zip(hashes, counts).filter { $0.1 > 0 }.map { (hash: $0.0, count: $0.1) }.sorted { $0.hash.text < $1.hash.text }
    }

    /// The single sorted file: `SHA1:COUNT` lines.
    func sortedFile(crlf: Bool = false) -> String {
        known.map { "\($0.hash.text):\($0.count)" + (crlf ? "\r\n" : "\n") }.joined()
    }

    /// The folder of range files: for every prefix of every password, its known suffixes, and
    /// for ranges with none, two made-up suffixes that are nobody's, so that each password's
    /// range file exists.
    func rangeFiles() -> [String: String] {
        var ranges: [String: [String]] = [:]
        for hash in hashes { ranges[hash.prefix] = [] }
        for (hash, count) in known {
            ranges[hash.prefix, default: []].append(String(decoding: hash.suffix, as: UTF8.self) + ":\(count)")
        }
        var files: [String: String] = [:]
        for (prefix, lines) in ranges {
            let filled = lines.isEmpty ? [String(repeating: "0", count: 35) + ":3", String(repeating: "F", count: 35) + ":4"] : lines
            files[prefix + ".txt"] = filled.sorted().map { $0 + "\r\n" }.joined()
        }
        return files
    }
}
