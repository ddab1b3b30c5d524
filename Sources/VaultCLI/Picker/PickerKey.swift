/// A key pressed in the picker, as the picker understands it.
public enum PickerKey: Equatable, Sendable {
    /// A printable character, typed into the pattern.
    case character(Character)
    case up, down, pageUp, pageDown
    case backspace
    /// Ctrl-U: the pattern emptied.
    case clearPattern
    /// Ctrl-W: the pattern's last word removed.
    case deleteWord
    case enter
    /// Esc, Ctrl-C or Ctrl-G: leave without choosing.
    case cancel
}

/// Turns the bytes a terminal in raw mode sends into keys: UTF-8 characters, control keys, and
/// the escape sequences of the arrow and page keys (CSI `ESC [` and SS3 `ESC O` forms). Other
/// sequences and control characters are dropped, so nothing unprintable reaches the pattern. A
/// lone Esc cannot be told from the start of a sequence until no more bytes follow: it waits
/// (`isWaiting`) until `flush` says none came.
public struct PickerKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Whether bytes are held back: an Esc, or the start of a sequence or character.
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys in `bytes` (after those held back), holding back an unfinished end.
    public mutating func feed(_ bytes: [UInt8]) -> [PickerKey] {
        pending += bytes
        var keys: [PickerKey] = []
        while !pending.isEmpty {
            guard let (key, length) = Self.decode(pending[...]) else { break }
            pending.removeFirst(length)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// What was held back, once no more bytes came: an Esc alone is the Esc key; anything else
    /// unfinished is dropped.
    public mutating func flush() -> [PickerKey] {
        defer { pending = [] }
        return pending.first == 0x1B ? [.cancel] : []
    }

    /// The first key of `bytes` (nil for bytes that are no key) and how many bytes it took, or
    /// nil when `bytes` end before the key does.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03, 0x07: return (.cancel, 1)
        case 0x15: return (.clearPattern, 1)
        case 0x17: return (.deleteWord, 1)
        case 0x10: return (.up, 1)
        case 0x0E: return (.down, 1)
        case 0x00..<0x20: return (nil, 1)
        default: return character(bytes)
        }
    }

    /// An escape sequence: ESC [ parameters final, or ESC O final.
    private static func escape(_ bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // Parameters and intermediates (0x20–0x3F) up to a final byte (0x40–0x7E).
            guard let end = bytes[(start + 2)...].firstIndex(where: { !(0x20...0x3F).contains($0) }) else { return nil }
            let length = end - start + 1
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            switch (bytes[end], parameters) {
            case (UInt8(ascii: "A"), ""): return (.up, length)
            case (UInt8(ascii: "B"), ""): return (.down, length)
            case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
            case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
            default: return (nil, length)
            }
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            switch bytes[start + 2] {
            case UInt8(ascii: "A"): return (.up, 3)
            case UInt8(ascii: "B"): return (.down, 3)
            default: return (nil, 3)
            }
        case 0x1B:
            // Esc pressed twice: the first is a key of its own.
            return (.cancel, 1)
        default:
            // Alt and a key: neither is a key the picker has.
            return (nil, 2)
        }
    }

    /// One UTF-8 character; a byte that cannot start one is dropped.
    private static func character(_ bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0x20..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard bytes.count >= length else { return nil }
        let sequence = bytes.prefix(length)
        guard let character = String(validating: sequence, as: UTF8.self)?.first, !character.isControlLike else {
            return (nil, length)
        }
        return (.character(character), length)
    }
}
