import VaultCore
import VaultSystem

/// The bundled word lists as one sorted table, searched in place: lines `WORD LIST RANK`, sorted
/// by the word's bytes, straight from the binary's read-only data (the keys table of
/// `LayoutMatcher` has the same shape, with a layout's letter for the list). Loading costs one pass to find
/// where lines start; there is no hash table or trie to build, so a fresh process stays fast.
///
/// Words are UTF-8. A search walks a password one unit at a time, narrowing a range of lines
/// that share the bytes read so far (two binary searches per byte of the unit), and stops as
/// soon as no word continues.
final class RankedWords: Sendable {
    /// The lines that start with the units read so far.
    struct Range {
        var lower: Int
        var upper: Int
        /// How many bytes have been read.
        var depth: Int
        /// The first byte read, while depth is 1 and it is ASCII (0 otherwise).
        var first: UInt8 = 0
        var isEmpty: Bool { lower >= upper }
    }

    /// A word found: its list and rank.
    struct Hit {
        var list: WordList
        var rank: Int
    }

    /// The table of the word lists compiled into vault, built once.
    static let bundled = RankedWords(RankedWordData.text)

    /// The key sequences that type the lists' words on the layouts of other scripts, tagged
    /// with the layout (`LayoutMatcher`).
    static let layoutWordKeys = RankedWords(LayoutWordKeys.text)

    /// Where each line starts, and the end of the text.
    private let lineStarts: [Int32]
    private let bytes: ReadOnlyBytes
    /// The lines starting with each pair of ASCII bytes (index first * 128 + second; a one-letter
    /// word's second byte is the space), packed lower << 32 | upper: the first two narrowing
    /// steps, which search the whole table, become one lookup.
    private let pairRanges: [UInt64]
    /// The same for the first byte alone, any byte (a non-ASCII letter's first byte too).
    private let firstRanges: [UInt64]
    /// The non-ASCII scalars words start with, in order, and the lines starting with each (packed
    /// as above): a word of another script is found with one search of these, not two of the
    /// table per byte of its first letter.
    private let firstScalars: [UInt32]
    private let firstScalarRanges: [UInt64]

    /// Adds line `line` (met in order) to a packed range.
    private static func extend(_ range: inout UInt64, with line: Int) {
        if range == 0 { range = UInt64(line) << 32 }
        range = range & ~0xFFFF_FFFF | UInt64(line + 1)
    }

    private static func unpack(_ range: UInt64, depth: Int, first: UInt8 = 0) -> Range {
        Range(lower: Int(range >> 32), upper: Int(range & 0xFFFF_FFFF), depth: depth, first: first)
    }

    init(_ text: StaticString) {
        let bytes = ReadOnlyBytes(text)
        self.bytes = bytes
        var starts: [Int32] = []
        starts.reserveCapacity(bytes.count / 8)
        var lineStart = 0
        while lineStart < bytes.count {
            let end = bytes.firstIndex(of: 0x0A, from: lineStart) ?? bytes.count
            if end > lineStart { starts.append(Int32(lineStart)) }
            lineStart = end + 1
        }
        lineStarts = starts
        var firsts = [UInt64](repeating: 0, count: 256)
        var pairs = [UInt64](repeating: 0, count: 128 * 128)
        var scalars: [UInt32] = [], scalarRanges: [UInt64] = []
        for (line, start) in starts.enumerated() {
            let first = bytes[Int(start)], second = bytes[Int(start) + 1]
            Self.extend(&firsts[Int(first)], with: line)
            if first < 0x80 {
                if second < 0x80 { Self.extend(&pairs[Int(first) * 128 + Int(second)], with: line) }
                continue
            }
            let scalar = Self.scalar(startingAt: Int(start), in: bytes)
            if scalars.last != scalar {
                scalars.append(scalar)
                scalarRanges.append(0)
            }
            Self.extend(&scalarRanges[scalarRanges.count - 1], with: line)
        }
        firstRanges = firsts
        pairRanges = pairs
        firstScalars = scalars
        firstScalarRanges = scalarRanges
    }

    /// The scalar whose UTF-8 encoding (two to four bytes, valid) starts at `index`.
    private static func scalar(startingAt index: Int, in bytes: ReadOnlyBytes) -> UInt32 {
        let lead = bytes[index]
        let (length, bits): (Int, UInt32) = lead >= 0xF0 ? (4, UInt32(lead & 0x07)) : lead >= 0xE0 ? (3, UInt32(lead & 0x0F)) : (2, UInt32(lead & 0x1F))
        var value = bits
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }

    /// The words whose first character is in `scalars` (a range of non-ASCII scalars), with
    /// their lists and ranks: what a model built from one script's words reads.
    func words(startingIn scalars: ClosedRange<UInt32>) -> [(word: [UInt32], hit: Hit)] {
        var found: [(word: [UInt32], hit: Hit)] = []
        for index in firstScalarIndex(atLeast: scalars.lowerBound)..<firstScalars.count where firstScalars[index] <= scalars.upperBound {
            let lines = Self.unpack(firstScalarRanges[index], depth: 0)
            for line in lines.lower..<lines.upper {
                var cursor = Int(lineStarts[line]), word: [UInt32] = []
                while bytes[cursor] != 0x20 {
                    let scalar = bytes[cursor] < 0x80 ? UInt32(bytes[cursor]) : Self.scalar(startingAt: cursor, in: bytes)
                    word.append(scalar)
                    cursor += Unicode.UTF8.width(Unicode.Scalar(scalar)!)
                }
                if let hit = hit(Range(lower: line, upper: line + 1, depth: cursor - Int(lineStarts[line]))) { found.append((word, hit)) }
            }
        }
        return found
    }

    /// The index of the first of `firstScalars` that is `scalar` or after it.
    private func firstScalarIndex(atLeast scalar: UInt32) -> Int {
        var low = 0, high = firstScalars.count
        while low < high {
            let middle = (low + high) >> 1
            if firstScalars[middle] < scalar { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The range before anything is read: every line.
    var everything: Range { Range(lower: 0, upper: lineStarts.count, depth: 0) }

    /// The lines of `range` whose next character is `code` (a lower-case unit); empty when no
    /// word continues that way.
    func narrow(_ range: Range, by code: UInt32) -> Range {
        // The space ends a word, so it never continues one; no word holds a control character or
        // a multi-scalar cluster (whose codes are no scalar).
        guard code > 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else {
            return Range(lower: 0, upper: 0, depth: range.depth + 1)
        }
        if code < 0x80 { return narrow(range, byte: UInt8(code)) }
        if range.depth == 0 {
            let index = firstScalarIndex(atLeast: code)
            guard index < firstScalars.count, firstScalars[index] == code else { return Range(lower: 0, upper: 0, depth: 1) }
            return Self.unpack(firstScalarRanges[index], depth: Unicode.UTF8.width(scalar))
        }
        var narrowed = range
        for byte in Unicode.UTF8.encode(scalar)! {
            narrowed = narrow(narrowed, byte: byte)
            if narrowed.isEmpty { break }
        }
        return narrowed
    }

    /// The lines of `range` that continue with all of `codes`.
    func narrow(_ range: Range, by codes: [UInt32]) -> Range {
        var range = range
        for code in codes {
            range = narrow(range, by: code)
            if range.isEmpty { break }
        }
        return range
    }

    /// The lines of `range` whose next byte is `byte`.
    private func narrow(_ range: Range, byte: UInt8) -> Range {
        let depth = range.depth
        if depth == 0 { return Self.unpack(firstRanges[Int(byte)], depth: 1, first: byte < 0x80 ? byte : 0) }
        if depth == 1 && range.first != 0 && byte < 0x80 {
            return Self.unpack(pairRanges[Int(range.first) * 128 + Int(byte)], depth: 2)
        }
        let (lower, upper) = lineStarts.withUnsafeBufferPointer { starts -> (Int, Int) in
            func byteAt(_ line: Int) -> UInt8 { bytes[Int(starts[line]) + depth] }
            var low = range.lower, high = range.upper
            while low < high {
                let middle = (low + high) >> 1
                if byteAt(middle) >= byte { high = middle } else { low = middle + 1 }
            }
            let lower = low
            guard lower < range.upper, byteAt(lower) == byte else { return (lower, lower) }
            // The lines with this byte are usually few: gallop from the first, then search.
            var step = 1
            high = lower + 1
            while high < range.upper && byteAt(high) == byte {
                low = high + 1
                high = min(range.upper, high + step)
                step <<= 1
            }
            while low < high {
                let middle = (low + high) >> 1
                if byteAt(middle) > byte { high = middle } else { low = middle + 1 }
            }
            return (lower, low)
        }
        return Range(lower: lower, upper: upper, depth: depth + 1)
    }

    /// The word that is exactly the units read so far, if there is one. Shorter words sort first,
    /// so it can only be the range's first line.
    func hit(_ range: Range) -> Hit? {
        guard !range.isEmpty, let entry = entry(line: range.lower, depth: range.depth),
              let list = WordList(letter: entry.tag) else { return nil }
        return Hit(list: list, rank: entry.rank)
    }

    /// The tag (the letter after the word) and rank of line `line`, when its word is exactly its
    /// first `depth` bytes. Lines with the same word are adjacent, so a range's first lines hold
    /// all its entries.
    func entry(line: Int, depth: Int) -> (tag: UInt8, rank: Int)? {
        var cursor = Int(lineStarts[line]) + depth
        guard bytes[cursor] == 0x20 else { return nil }
        let tag = bytes[cursor + 1]
        cursor += 2
        var rank = 0
        while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 {
            rank = rank * 10 + Int(bytes[cursor] - 0x30)
            cursor += 1
        }
        return (tag, rank)
    }
}
