/// The alphabet a character is drawn from, as an attacker who brute-forces random text counts
/// it: its size in code points, and the script of its letters. The sizes are facts about the
/// alphabets (see docs/entropy.md, "Random text").
enum CharacterClass: Hashable, Sendable {
    case asciiLower, asciiUpper, asciiDigit, asciiSymbol
    /// Latin letters with accents (Latin-1 Supplement and Latin Extended-A and -B).
    case accentedLatin
    case cyrillic, greek, hebrew, arabic
    /// Hangul compatibility jamo, what a Korean keyboard types before the IME composes them.
    case hangulJamo
    case bopomofo
    case kana
    /// CJK Unified Ideographs (U+4E00–U+9FFF).
    case cjkIdeograph
    /// Precomposed Hangul syllables (U+AC00–U+D7A3).
    case hangulSyllable
    /// Emoji, single or in sequences (a flag, a family).
    case emoji
    /// Anything else: counted like a character a person chose (no alphabet is assumed).
    case other

    /// The number of characters in the alphabet.
    var size: Int {
        switch self {
        case .asciiLower, .asciiUpper: 26
        case .asciiDigit: 10
        case .asciiSymbol: 33  // the printable ASCII punctuation and the space: 95 − 62
        case .accentedLatin: 62  // À–ÿ without × and ÷
        case .cyrillic: 74  // Russian's 33 letters and Ukrainian's і ї є ґ, in both cases
        case .greek: 49  // 24 letters in both cases, and final ς
        case .hebrew: 27  // 22 letters and 5 final forms
        case .arabic: 36  // 28 letters, and the hamza, tā' marbūṭa and alif maqṣūra forms a keyboard types
        case .hangulJamo: 51  // U+3131–U+3163
        case .bopomofo: 37  // U+3105–U+3129
        case .kana: 176  // Hiragana U+3041–U+3096 and Katakana U+30A1–U+30FA
        case .cjkIdeograph: 20_992
        case .hangulSyllable: 11_172
        case .emoji: 3_782  // Emoji 15.1 (Unicode's emoji-counts: all RGI emoji)
        case .other: 10
        }
    }

    /// The writing system of a letter class; nil for digits, symbols, emoji and ideographs.
    var letterScript: String? {
        switch self {
        case .asciiLower, .asciiUpper, .accentedLatin: "latin"
        case .cyrillic: "cyrillic"
        case .greek: "greek"
        case .hebrew: "hebrew"
        case .arabic: "arabic"
        case .hangulJamo: "hangul"
        case .bopomofo: "bopomofo"
        case .kana: "kana"
        case .asciiDigit, .asciiSymbol, .cjkIdeograph, .hangulSyllable, .emoji, .other: nil
        }
    }

    /// Alphabets so large that a person does not pick from them "at random" the way they mash
    /// Latin keys: each character of them is worth its alphabet's size.
    var isLarge: Bool { self == .cjkIdeograph || self == .hangulSyllable || self == .emoji }

    /// The class of a unit, given its first scalar, whether it is a cluster of several, and
    /// whether that cluster is a keycap (1️⃣: a digit, U+FE0F and U+20E3, an emoji).
    init(firstScalar scalar: Unicode.Scalar, isCluster: Bool, isKeycap: Bool = false) {
        let value = scalar.value
        switch value {
        case 0x61...0x7A: self = .asciiLower
        case 0x41...0x5A: self = .asciiUpper
        case 0x20...0x7E where isKeycap: self = .emoji
        case 0x30...0x39: self = .asciiDigit
        case 0x20...0x7E: self = .asciiSymbol
        case 0xC0...0x24F where value != 0xD7 && value != 0xF7: self = .accentedLatin
        case 0x400...0x4FF: self = .cyrillic
        case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
        case 0x5D0...0x5EA: self = .hebrew
        case 0x600...0x6FF: self = .arabic
        case 0x3131...0x3163: self = .hangulJamo
        case 0x3105...0x3129: self = .bopomofo
        case 0x3041...0x3096, 0x30A1...0x30FA: self = .kana
        case 0x4E00...0x9FFF: self = .cjkIdeograph
        case 0xAC00...0xD7A3: self = .hangulSyllable
        default:
            let properties = scalar.properties
            self = properties.isEmojiPresentation || (isCluster && properties.isEmoji) || (0x1F1E6...0x1F1FF).contains(value)
                ? .emoji : .other
        }
    }
}
