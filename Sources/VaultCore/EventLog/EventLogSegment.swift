/// One file of a device's security log, as text: a first line
/// `vault-log v1 <device> <first number> <link before it, Base64>` and one line per event,
/// `<number> <link, Base64> <sealed event, Base64>`. A device's chain is kept in segments of a
/// bounded size; each starts where the one before it ended, so that older segments can be
/// dropped and the rest still chains. Reading never fails: it keeps the lines it could read
/// and says where the file stopped being one (`damage`).
public struct EventLogSegment: Equatable, Sendable {
    /// One event's line.
    public struct Line: Equatable, Sendable {
        public var number: UInt64
        public var link: [UInt8]
        public var sealed: [UInt8]

        public init(number: UInt64, link: [UInt8], sealed: [UInt8]) {
            self.number = number
            self.link = link
            self.sealed = sealed
        }

        /// The line's text, with its newline.
        public var text: [UInt8] {
            Array("\(number) \(Sodium.base64Encode(link)) \(Sodium.base64Encode(sealed))\n".utf8)
        }
    }

    /// The device whose chain it is.
    public var device: String
    /// The number of its first event.
    public var first: UInt64
    /// The link before its first event.
    public var previous: [UInt8]
    public var lines: [Line]
    /// Where the file stopped being a segment (its line number, from 1, and what is wrong),
    /// nil when all of it is.
    public var damage: (line: Int, problem: String)?

    public init(device: String, first: UInt64, previous: [UInt8], lines: [Line] = [], damage: (line: Int, problem: String)? = nil) {
        self.device = device
        self.first = first
        self.previous = previous
        self.lines = lines
        self.damage = damage
    }

    public static func == (left: EventLogSegment, right: EventLogSegment) -> Bool {
        left.device == right.device && left.first == right.first && left.previous == right.previous && left.lines == right.lines
            && left.damage?.line == right.damage?.line && left.damage?.problem == right.damage?.problem
    }

    /// The length of the segment's text, its header and lines (as long as its file, but for
    /// what follows damage).
    public var length: Int {
        Self.headerText(device: device, first: first, previous: previous).count + lines.reduce(0) { $0 + $1.text.count }
    }

    /// The longest line a segment may hold: an event is a few hundred bytes.
    public static let maximumLineLength = 16_384

    /// The first line of a segment.
    public static func headerText(device: String, first: UInt64, previous: [UInt8]) -> [UInt8] {
        Array("vault-log v1 \(device) \(first) \(Sodium.base64Encode(previous))\n".utf8)
    }

    /// The number and link of the last event of the segment whose text ends with `tail`
    /// (the whole file, or as much of its end as holds its last line; `isWhole` when it is the
    /// whole file): where its chain stands. Nil when that last line is neither a header nor an
    /// event line.
    public static func lastLink(ofTail tail: ArraySlice<UInt8>, isWhole: Bool) -> (number: UInt64, link: [UInt8])? {
        guard tail.last == UInt8(ascii: "\n") else { return nil }
        let body = tail.dropLast()
        let start = body.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? (isWhole ? body.startIndex : nil)
        guard let start else { return nil }
        let text = String(decoding: body[start...], as: UTF8.self)
        if let line = parseLine(text) { return (line.number, line.link) }
        if let header = parseHeader(text) { return (header.first - 1, header.previous) }
        return nil
    }

    /// The segment `bytes` hold.
    public static func parse(_ bytes: [UInt8]) -> EventLogSegment? {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, let header = parseHeader(String(decoding: first, as: UTF8.self)) else { return nil }
        var segment = EventLogSegment(device: header.device, first: header.first, previous: header.previous)
        // The empty text after the last newline, or a last line cut short, which is damage.
        if lines.last?.isEmpty == false { segment.damage = (lines.count, "the file does not end with a whole line") }
        lines.removeLast()
        for (index, text) in lines.enumerated().dropFirst() {
            guard text.count <= maximumLineLength, let line = parseLine(String(decoding: text, as: UTF8.self)) else {
                segment.damage = (index + 1, "not an event line")
                break
            }
            segment.lines.append(line)
        }
        return segment
    }

    private static func parseHeader(_ text: String) -> (device: String, first: UInt64, previous: [UInt8])? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 5, words[0] == "vault-log", words[1] == "v1", DeviceID.isValid(String(words[2])),
              let first = number(words[3]), first >= 1, let previous = link(words[4]) else { return nil }
        return (String(words[2]), first, previous)
    }

    private static func parseLine(_ text: String) -> Line? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 3, let number = number(words[0]), number >= 1, let link = link(words[1]),
              let sealed = Sodium.base64Decode(String(words[2])), sealed.count > SealedBoxKeyPair.sealOverhead,
              Sodium.base64Encode(sealed) == words[2] else { return nil }
        return Line(number: number, link: link, sealed: sealed)
    }

    /// A number in decimal, without sign or leading zero.
    private static func number(_ word: Substring) -> UInt64? {
        guard let value = UInt64(word), String(value) == word else { return nil }
        return value
    }

    private static func link(_ word: Substring) -> [UInt8]? {
        guard let bytes = Sodium.base64Decode(String(word)), bytes.count == EventChain.linkLength, Sodium.base64Encode(bytes) == word else { return nil }
        return bytes
    }
}
