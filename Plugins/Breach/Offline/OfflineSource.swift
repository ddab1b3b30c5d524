#if canImport(Glibc)
import Glibc
#endif

/// Checks hashes against a downloaded copy of Pwned Passwords: either one file of `SHA1:COUNT`
/// lines sorted by hash, or a folder of range files as the official downloader writes them
/// (`5BAA6.txt` holding that range's `SUFFIX:COUNT` lines). Nothing leaves the machine.
struct OfflineSource {
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

    /// How often each hash was seen (0: never), in the order given. A lookup is a few page
    /// reads; in a folder, each range file is opened once, searched for all its hashes, and
    /// closed before the next (a million open maps would exceed the kernel's limit).
    func lookUp(_ hashes: [PasswordHash]) throws(BreachError) -> [Int] {
        switch store {
        case .file(let file):
            return try hashes.map { hash throws(BreachError) in try file.count(of: hash.hex[...]) }
        case .folder(let folder):
            var counts = [Int](repeating: 0, count: hashes.count)
            for (prefix, indices) in Dictionary(grouping: hashes.indices, by: { hashes[$0].prefix }).sorted(by: { $0.key < $1.key }) {
                let path = folder + "/" + prefix + ".txt"
                guard access(path, F_OK) == 0 else { throw .missingRange(folder: folder, prefix: prefix) }
                let range = try SortedHashFile(path: path, keyLength: 35)
                for index in indices { counts[index] = try range.count(of: hashes[index].suffix) }
            }
            return counts
        }
    }
}
