/// Reads the list of entries of a version 5 file (from its `[` to the end of the file) one
/// page at a time, leaving the rest unread. The lines are in the order of their slots and a
/// page's lines are those whose slots start with its bits, so the first line of a page is found
/// by a binary search over byte offsets, and its lines follow. The file is read in blocks,
/// each at most once.
struct EntryListReader {
    private let file: any RandomAccessBytes
    /// The records' lines, from the first one's start to just after the last one's newline.
    private let lines: Range<Int>
    /// The file's number of pages.
    private let pages: Int
    /// The blocks read so far, by index (an array, not a dictionary: a lookup then needs no
    /// hashing, and its start no conformance search by the runtime).
    private var blocks: [[UInt8]?]
    static let blockSize = 8 * 1024

    /// The reader of the list at `list` (to the end of `file`) of a file of `pages` pages.
    init(file: any RandomAccessBytes, list: Range<Int>, pages: Int) throws {
        self.file = file
        self.pages = pages
        blocks = Array(repeating: nil, count: (file.count + Self.blockSize - 1) / Self.blockSize)
        let empty = Array("[]\n}\n".utf8)
        let opening = Array("[\n".utf8)
        // The last line's closing quote and newline, the list's end and the file's.
        let closing = Array("\"\n  ]\n}\n".utf8)
        if list.count == empty.count, try file.read(list) == empty {
            lines = list.upperBound..<list.upperBound
        } else if list.count > opening.count + closing.count, try file.read(list.prefix(opening.count)) == opening,
                  try file.read(list.suffix(closing.count)) == closing {
            lines = (list.lowerBound + opening.count)..<(list.upperBound - closing.count + 2)
        } else {
            throw FormatError.corrupt("not in canonical form")
        }
    }

    /// The texts of the records of page `page`, in the order of the file.
    mutating func recordTexts(ofPage page: Int) throws -> [[UInt8]] {
        var start = try firstLine(atOrAfterPage: page)
        var texts: [[UInt8]] = []
        while start < lines.upperBound {
            let (text, next) = try line(at: start)
            guard try self.page(of: text) == page else { break }
            texts.append(text)
            start = next
        }
        return texts
    }

    /// Where the first line whose page is `page` or after starts (the end of the lines if none
    /// is): every line before it is of an earlier page, in a file whose lines are in order.
    private mutating func firstLine(atOrAfterPage page: Int) throws -> Int {
        // Every line starting before `low` is of an earlier page, every one from `high` on of
        // `page` or after; `low` is where a line starts.
        var low = lines.lowerBound
        var high = lines.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            guard let start = try lineStart(atOrAfter: middle, before: high) else {
                high = middle
                continue
            }
            let (text, next) = try line(at: start)
            if try self.page(of: text) < page { low = next } else { high = start }
        }
        return low
    }

    /// The first place at or after `offset` where a line starts, if one is before `limit`.
    private mutating func lineStart(atOrAfter offset: Int, before limit: Int) throws -> Int? {
        if offset == lines.lowerBound { return offset }
        guard let newline = try firstNewline(in: (offset - 1)..<limit), newline + 1 < limit else { return nil }
        return newline + 1
    }

    /// The record text of the line starting at `start` (between its quotes, checked to be as
    /// the list writes it), and where the next line starts.
    private mutating func line(at start: Int) throws -> (text: [UInt8], next: Int) {
        guard let newline = try firstNewline(in: start..<lines.upperBound) else { throw FormatError.corrupt("not in canonical form") }
        let line = try bytes(start..<newline)
        let opening = Array("    \"".utf8)
        // Every line but the last ends with a comma.
        let closing = Array((newline + 1 == lines.upperBound ? "\"" : "\",").utf8)
        guard line.count > opening.count + closing.count, line.starts(with: opening), line.suffix(closing.count).elementsEqual(closing) else {
            throw FormatError.corrupt("not in canonical form")
        }
        return (Array(line[opening.count..<(line.count - closing.count)]), newline + 1)
    }

    private func page(of recordText: [UInt8]) throws(FormatError) -> Int {
        SealedEntries.page(of: try BodyText.slot(ofRecord: recordText[...]), among: pages)
    }

    /// The offset of the first newline in `range`, if there is one.
    private mutating func firstNewline(in range: Range<Int>) throws -> Int? {
        var found: Int?
        try forEachPiece(of: range) { piece, start in
            found = piece.withUnsafeBytes { BodyText.firstIndex(of: 0x0A, in: $0) }.map { start + $0 }
            return found == nil
        }
        return found
    }

    private mutating func bytes(_ range: Range<Int>) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        try forEachPiece(of: range) { piece, _ in
            bytes += piece
            return true
        }
        return bytes
    }

    /// Calls `body` with the bytes of `range` block by block, in order, each with the offset
    /// where it starts, until `body` returns false.
    private mutating func forEachPiece(of range: Range<Int>, _ body: (ArraySlice<UInt8>, Int) -> Bool) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let (block, blockStart) = try self.block(containing: offset)
            let end = min(range.upperBound, blockStart + block.count)
            guard body(block[(offset - blockStart)..<(end - blockStart)], offset) else { return }
            offset = end
        }
    }

    /// The block of the file that holds `offset`, and where it starts.
    private mutating func block(containing offset: Int) throws -> (bytes: [UInt8], start: Int) {
        let index = offset / Self.blockSize
        let start = index * Self.blockSize
        if let block = blocks[index] { return (block, start) }
        let block = try file.read(start..<min(file.count, start + Self.blockSize))
        blocks[index] = block
        return (block, start)
    }
}
