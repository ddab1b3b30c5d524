#if canImport(Glibc)
import Glibc
#endif

/// Checks hashes against a downloaded copy of Pwned Passwords: either one file of `SHA1:COUNT`
/// lines sorted by hash, or a folder of range files as the official downloader writes them
/// (`5BAA6.txt` holding that range's `SUFFIX:COUNT` lines). Nothing leaves the machine.
struct OfflineSource: BreachSource {
    private enum Store {
        case file(SortedHashFile)
        case folder(String)
    }

    private let store: Store

    init(path: String) throws(BreachError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
        store = (status.st_mode & S_IFMT) == S_IFDIR ? .folder(path) : .file(try SortedHashFile(path: path, keyLength: 40))
    }

    func counts(for hashes: [PasswordHash], progress: ProgressReporter?) async throws -> [Int] {
        try lookUp(hashes)
    }

    /// The same, synchronously: a lookup is a few page reads.
    func lookUp(_ hashes: [PasswordHash]) throws(BreachError) -> [Int] {
        switch store {
        case .file(let file):
            return try hashes.map { hash throws(BreachError) in try file.count(of: hash.hex[...]) }
        case .folder(let folder):
            var ranges: [String: SortedHashFile] = [:]
            var counts: [Int] = []
            for hash in hashes {
                let range: SortedHashFile
                if let opened = ranges[hash.prefix] {
                    range = opened
                } else {
                    let path = folder + "/" + hash.prefix + ".txt"
                    guard access(path, F_OK) == 0 else { throw .missingRange(folder: folder, prefix: hash.prefix) }
                    range = try SortedHashFile(path: path, keyLength: 35)
                    ranges[hash.prefix] = range
                }
                counts.append(try range.count(of: hash.suffix))
            }
            return counts
        }
    }
}
