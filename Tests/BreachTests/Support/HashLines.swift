import SeededRandom
/// Lines of a breach data file (`KEY:COUNT`), generated: random distinct upper-case hex keys
/// with counts, and the file bytes written from them in the variants the readers must accept
/// (LF or CRLF, upper- or lower-case hex, with or without a final newline).
struct HashLines {
    struct Line: Equatable {
        var key: String
        var count: Int
    }

    var lines: [Line]

    init(_ lines: [Line]) { self.lines = lines }

    /// `count` distinct random keys of `length` hex characters, sorted, with counts from 1 to
    /// 999,999. Every key's first digit is between 1 and E, so that keys of all zeros and all
    /// Fs are absent and lie before and after the whole file.
    static func random(count: Int, keyLength: Int, seed: UInt64) -> HashLines {
        var random = SeededRandom(seed: seed)
        var keys: Set<String> = []
        while keys.count < count {
            let first = hexDigits[1 + Int(random.next() % 14)]
            let rest = (1..<keyLength).map { _ in hexDigits[Int(random.next() % 16)] }
            keys.insert(String([first] + rest))
        }
        return HashLines(keys.sorted().map { Line(key: $0, count: 1 + Int(random.next() % 999_999)) })
    }

    static let hexDigits = Array("0123456789ABCDEF")

    /// The file's bytes.
    func bytes(crlf: Bool = false, lowercase: Bool = false, finalNewline: Bool = true) -> [UInt8] {
        let end = crlf ? "\r\n" : "\n"
        let text = lines.map { (lowercase ? $0.key.lowercased() : $0.key) + ":" + String($0.count) }.joined(separator: end)
        return Array((text + (finalNewline && !lines.isEmpty ? end : "")).utf8)
    }

    /// The key as the lookups take it: upper-case ASCII hex.
    static func key(_ text: String) -> ArraySlice<UInt8> { ArraySlice(text.uppercased().utf8) }

    /// A key of `length` copies of `digit` (all zeros: before any generated key; all Fs: after).
    static func repeated(_ digit: Character, _ length: Int) -> String { String(repeating: digit, count: length) }

    /// A key not in the file between two lines at or after line `index`.
    func absentKey(near index: Int) -> String {
        (index..<lines.count).lazy.compactMap(absentKey(after:)).first!
    }

    /// A key not in the file that sorts between line `index` and the next: line `index`'s key
    /// with its last digit raised by one, provided that key is not the next line's.
    func absentKey(after index: Int) -> String? {
        var digits = Array(lines[index].key)
        guard let position = Self.hexDigits.firstIndex(of: digits[digits.count - 1]), position < 15 else { return nil }
        digits[digits.count - 1] = Self.hexDigits[position + 1]
        let key = String(digits)
        return index + 1 < lines.count && lines[index + 1].key == key ? nil : key
    }
}
