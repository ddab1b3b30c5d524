import Foundation

/// The breached hashes the server knows, grouped by prefix, each range sorted by suffix.
struct BreachDataset: Sendable {
    /// Known entries per prefix value, sorted by suffix, no duplicates.
    private let ranges: [UInt32: [RangeEntry]]

    /// Number of hashes loaded.
    let hashCount: Int

    /// The known entries for one prefix (possibly none), sorted by suffix.
    func entries(for prefix: HashPrefix) -> [RangeEntry] {
        ranges[prefix.value] ?? []
    }

    /// Reads a file of `SHA1HEX:COUNT` lines (either case, blank lines ignored).
    /// Throws `DataFileError` for unreadable files, malformed lines and repeated hashes.
    static func load(path: String) throws -> BreachDataset {
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DataFileError(path: path, line: nil, reason: "cannot be read (\(error.localizedDescription))")
        }
        let bytes = [UInt8](contents)
        var parsed: [UInt32: [(entry: RangeEntry, line: Int)]] = [:]
        var lineNumber = 0
        var hashCount = 0
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            lineNumber += 1
            let line = DataLineParser.trimmed(bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            if line.isEmpty { continue }
            switch DataLineParser.parse(line) {
            case .failure(let problem):
                throw DataFileError(path: path, line: lineNumber, reason: problem.message)
            case .success(let (prefix, entry)):
                parsed[prefix, default: []].append((entry, lineNumber))
                hashCount += 1
            }
        }
        var ranges: [UInt32: [RangeEntry]] = [:]
        ranges.reserveCapacity(parsed.count)
        for (prefix, unsorted) in parsed {
            let sorted = unsorted.sorted { $0.entry.suffix < $1.entry.suffix }
            for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.entry.suffix == next.entry.suffix {
                let (first, second) = (min(previous.line, next.line), max(previous.line, next.line))
                throw DataFileError(path: path, line: second, reason: "the same hash is already listed on line \(first)")
            }
            ranges[prefix] = sorted.map(\.entry)
        }
        return BreachDataset(ranges: ranges, hashCount: hashCount)
    }
}
