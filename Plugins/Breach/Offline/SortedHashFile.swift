import SystemPackage
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// A file of lines `HASH:COUNT` sorted by hash (the downloadable Pwned Passwords file, tens of
/// gigabytes, with 40-character hashes; or one range file of the official downloader, with
/// 35-character suffixes), searched where it lies: memory-mapped, and a lookup is a binary
/// search over byte offsets that reads only the lines it lands on. Nothing is read in full and
/// no index is built.
///
/// Every line a search touches is checked: a malformed one is an error, and so is one that is
/// out of order with the lines already passed on either side, so that an unsorted file (the
/// download ordered by prevalence, say) gives an error rather than a wrong answer.
final class SortedHashFile: Sendable {
    let path: String
    let keyLength: Int
    private let bytes: ReadOnlyBytes
    /// The bytes searched: up to the end of the last line.
    private let size: Int

    init(path: String, keyLength: Int) throws(BreachError) {
        self.path = path
        self.keyLength = keyLength
        // Non-blocking, so that a FIFO cannot hang the open; it is refused just below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadableData(path: path, reason: String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .unreadableData(path: path, reason: "not a regular file") }
        // An empty file would answer "not found" for everything: it is not a copy of the data.
        guard status.st_size > 0 else { throw .unreadableData(path: path, reason: "the file is empty") }
        let bytes: ReadOnlyBytes
        do {
            bytes = try ReadOnlyBytes(mapping: FileDescriptor(rawValue: descriptor), length: Int(status.st_size))
        } catch {
            throw .unreadableData(path: path, reason: String(cString: strerror(error.rawValue)))
        }
        self.bytes = bytes
        // Trailing line ends (a final blank line) are not a line.
        var end = bytes.count
        while end > 0 && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        size = end
        // The first line tells at once whether this is the right kind of file at all.
        _ = try line(at: 0)
    }

    /// How often `key` (upper-case hex, `keyLength` bytes) was seen; 0 when it is not there.
    func count(of key: ArraySlice<UInt8>) throws(BreachError) -> Int {
        var low = 0, high = size
        var below: Line? = nil, above: Line? = nil
        while low < high {
            var start = (low + high) / 2
            while start > low && bytes[start - 1] != 0x0A { start -= 1 }
            let found = try line(at: start)
            if let below, compare(found, below) < 0 { throw .unsortedData(path: path, offset: start) }
            if let above, compare(found, above) > 0 { throw .unsortedData(path: path, offset: start) }
            switch compare(found, key) {
            case ..<0:
                below = found
                low = found.end
            case 1...:
                above = found
                high = start
            default:
                return found.digits.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
            }
        }
        return 0
    }

    /// A checked line: where its key and count are, and where the next line starts.
    private struct Line {
        var keyStart: Int
        var digits: Range<Int>
        var end: Int
    }

    private func line(at start: Int) throws(BreachError) -> Line {
        guard start + keyLength < size, bytes[start + keyLength] == UInt8(ascii: ":") else { throw malformed(at: start) }
        var offset = start
        while offset < start + keyLength {
            guard HexDigits.isHex(bytes[offset]) else { throw malformed(at: start) }
            offset += 1
        }
        var cursor = start + keyLength + 1
        let digitsStart = cursor
        while cursor < size, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, cursor - digitsStart < 18 { cursor += 1 }
        guard cursor > digitsStart else { throw malformed(at: start) }
        let digitsEnd = cursor
        if cursor < size && bytes[cursor] == 0x0D { cursor += 1 }
        guard cursor == size || bytes[cursor] == 0x0A else { throw malformed(at: start) }
        return Line(keyStart: start, digits: digitsStart..<digitsEnd, end: min(cursor + 1, size))
    }

    private func malformed(at offset: Int) -> BreachError {
        .malformedData(path: path, offset: offset, expected: "\(keyLength) hex characters, a colon and a count")
    }

    /// Compares a line's key with another line's, ignoring the case of hex letters.
    private func compare(_ a: Line, _ b: Line) -> Int {
        for index in 0..<keyLength {
            let x = HexDigits.uppercased(bytes[a.keyStart + index]), y = HexDigits.uppercased(bytes[b.keyStart + index])
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    private func compare(_ a: Line, _ key: ArraySlice<UInt8>) -> Int {
        for (index, y) in key.enumerated() {
            let x = HexDigits.uppercased(bytes[a.keyStart + index])
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
