import VaultCore
import VaultSystem

/// How text reads when it was typed with one keyboard layout active and meant for another: the
/// characters of US QWERTY and of another layout paired key by key (same row, same column, same
/// Shift), in one direction, with what that layout's input method does on top (Hangul
/// syllables, dead accents).
final class LayoutMapping: Sendable {
    enum Direction: Sendable {
        /// A word of the other layout typed with US QWERTY active: `gfhjkm` is Russian `пароль`.
        /// Applies to passwords of ASCII characters only.
        case fromUS
        /// A US word typed with the other layout active: `зфыыцщкв` is `password`.
        case toUS
    }

    let layout: KeyboardLayout
    let direction: Direction
    /// Each character to the one the same key types in the direction's target layout (a
    /// character two keys type maps to the unshifted one's), with `letterFlag` set when the
    /// change concerns a letter (either character is alphabetic).
    private let characters: [UInt32: UInt32]
    /// The same for the 128 ASCII codes, by code (no hashing per unit), `barrier` for a code no
    /// key types.
    private let asciiCharacters: [UInt32]
    /// The lower case of each of `asciiCharacters`, without its flag.
    private let asciiLowered: [UInt32]
    /// Whether the layout types Hangul jamo, which its input method composes into syllables.
    private let composesHangul: Bool
    /// For each ASCII code, whether it can change a letter in a reading: it reads as another
    /// letter (or a letter as something else), or, from US keys, types a dead key, which makes a
    /// letter of the next key (AZERTY's `{` is ¨: `no{el` is noël).
    private let asciiChangesALetter: [Bool]
    /// Whether some ASCII character reads as another letter, or a letter as something else:
    /// without one, the mapping never applies to an ASCII password.
    private let changesASCIILetters: Bool
    /// Dead key and letter (packed dead << 32 | letter) to the accented letter they type.
    private let accented: [UInt64: UInt32]
    /// The other way: an accented letter to its dead key and letter.
    private let accents: [UInt32: (dead: UInt32, letter: UInt32)]

    /// Set in a mapped character when the change concerns a letter (bit 31: above every scalar).
    private static let letterFlag: UInt32 = 1 << 31

    /// The combining mark each dead key puts on the letter typed next, by the spacing accent a
    /// layout's rows write for the dead key.
    static let deadKeyMarks: [UInt32: UInt32] = [0x384: 0x301, 0xA8: 0x308]

    init(_ layout: KeyboardLayout, _ direction: Direction, us: KeyboardLayout = KeyboardLayouts.qwerty) {
        self.layout = layout
        self.direction = direction
        let usKeys = Dictionary(uniqueKeysWithValues: zip(us.keyPlaces, us.keyCharacters))
        var characters: [UInt32: UInt32] = [:]
        for shift in 0..<2 {
            for (place, typed) in zip(layout.keyPlaces, layout.keyCharacters) {
                guard let usTyped = usKeys[place], shift < usTyped.count else { continue }
                let (usCharacter, character) = (usTyped[shift], typed[min(shift, typed.count - 1)])
                let (from, to) = direction == .fromUS ? (usCharacter, character) : (character, usCharacter)
                guard characters[from] == nil else { continue }
                let letter = from != to && [from, to].contains { Unicode.Scalar($0)!.properties.isAlphabetic }
                characters[from] = to | (letter ? Self.letterFlag : 0)
            }
        }
        self.characters = characters
        asciiCharacters = (0..<0x80).map { characters[UInt32($0)] ?? MappedText.barrier }
        asciiLowered = asciiCharacters.map { PasswordText.lowercase($0 & ~Self.letterFlag) }
        changesASCIILetters = asciiCharacters.contains { $0 & Self.letterFlag != 0 }
        let typed = layout.keyCharacters.joined()
        composesHangul = typed.contains { HangulSyllables.initials.contains($0) }
        var accented: [UInt64: UInt32] = [:], accents: [UInt32: (dead: UInt32, letter: UInt32)] = [:]
        for dead in typed where Self.deadKeyMarks[dead] != nil {
            for letter in typed where Unicode.Scalar(letter)!.properties.isAlphabetic {
                let scalars = String(String.UnicodeScalarView([Unicode.Scalar(letter)!, Unicode.Scalar(Self.deadKeyMarks[dead]!)!]))
                    .nfcNormalized.unicodeScalars
                guard scalars.count == 1, let composed = scalars.first?.value else { continue }
                accented[UInt64(dead) << 32 | UInt64(letter)] = composed
                accents[composed] = (dead, letter)
            }
        }
        self.accented = accented
        self.accents = accents
        asciiChangesALetter = asciiCharacters.map { flagged in
            flagged & Self.letterFlag != 0 || (direction == .fromUS && !accents.isEmpty && Self.deadKeyMarks[flagged] != nil)
        }
    }

    /// How `password` reads in the direction's target layout; nil when the mapping changes no
    /// letter of it (no character of the layout's script, or not ASCII for `.fromUS`).
    func map(_ password: PasswordText) -> MappedText? {
        var mapped = MappedText()
        return map(password, into: &mapped) ? mapped : nil
    }

    /// The same into `mapped` (emptied first, its storage reused); false when the mapping does
    /// not apply, and `mapped` is then left in no particular state.
    func map(_ password: PasswordText, into mapped: inout MappedText) -> Bool {
        if password.isASCII ? !changesASCIILetters : direction == .fromUS { return false }
        // An ASCII password none of whose keys can change a letter is left as it is: most
        // passwords on the Latin layouts.
        if password.isASCII && !password.codes.contains(where: { asciiChangesALetter[Int($0)] }) { return false }
        if direction == .fromUS { return map(keys: password.codes[...], into: &mapped) }
        if password.isASCII {
            mapped.read(ascii: password.codes[...], table: asciiCharacters, loweredTable: asciiLowered, letterFlag: Self.letterFlag)
            return mapped.finishIfChanged()
        }
        mapped.removeAll()
        for (unit, code) in password.codes.enumerated() {
            if code < 0x80 {
                appendASCII(code, at: unit, to: &mapped)
            } else if composesHangul, let keys = HangulSyllables.decompose(code) {
                for key in keys { append(characters[key] ?? MappedText.barrier, to: &mapped, at: unit, original: code) }
            } else if let (dead, letter) = accents[code] {
                for key in [dead, letter] { append(characters[key] ?? MappedText.barrier, to: &mapped, at: unit, original: code) }
            } else {
                append(characters[code] ?? MappedText.barrier, to: &mapped, at: unit, original: code)
            }
        }
        return mapped.finishIfChanged()
    }

    /// How `keys`, US keys (ASCII codes), read on the layout (`.fromUS` only), with units counted
    /// from the first key; false when the reading changes no letter.
    func map(keys: ArraySlice<UInt32>, into mapped: inout MappedText) -> Bool {
        let first = keys.startIndex
        if !composesHangul && accents.isEmpty {
            mapped.read(ascii: keys, table: asciiCharacters, loweredTable: asciiLowered, letterFlag: Self.letterFlag)
        } else {
            mapped.removeAll()
            let typed = typedKeys(keys)
            for piece in composesHangul ? HangulSyllables.compose(typed) : composeAccents(typed) {
                let (firstUnit, lastUnit) = (piece.units.lowerBound, piece.units.upperBound)
                if firstUnit == lastUnit {
                    appendASCII(keys[first + firstUnit], at: firstUnit, to: &mapped)
                } else {
                    let letter = Unicode.Scalar(piece.code)?.properties.isAlphabetic == true
                    mapped.append(piece.code, lowered: PasswordText.lowercase(piece.code), from: firstUnit, through: lastUnit, changed: true, letter: letter)
                }
            }
        }
        return mapped.finishIfChanged()
    }

    /// The character each of `keys` (a password's codes) types on the layout, before any input
    /// method composes them (`.fromUS` only; `MappedText.barrier` for a key it lacks).
    func typedKeys(_ keys: ArraySlice<UInt32>) -> [UInt32] {
        keys.map { $0 < 0x80 ? asciiCharacters[Int($0)] & ~Self.letterFlag : MappedText.barrier }
    }

    /// Appends what the ASCII character `code`, unit `unit` of the text, reads as, from the tables.
    private func appendASCII(_ code: UInt32, at unit: Int, to mapped: inout MappedText) {
        let flagged = asciiCharacters[Int(code)], mappedCode = flagged & ~Self.letterFlag
        mapped.append(mappedCode, lowered: asciiLowered[Int(code)], from: unit, through: unit,
                      changed: mappedCode != code, letter: flagged & Self.letterFlag != 0)
    }

    /// Appends `flagged` (a mapped character, perhaps with `letterFlag`), one of the keys that
    /// type `original`, the password's unit `unit`.
    private func append(_ flagged: UInt32, to mapped: inout MappedText, at unit: Int, original: UInt32) {
        let code = flagged & ~Self.letterFlag
        let changed = code != original
        let letter = flagged & Self.letterFlag != 0
            || (changed && !mapped.changesALetter && original >= 0x80 && Unicode.Scalar(original)?.properties.isAlphabetic == true)
        mapped.append(code, lowered: PasswordText.lowercase(code), from: unit, through: unit, changed: changed, letter: letter)
    }

    /// `typed` with each dead key put on the letter after it (or dropped, when it cannot be).
    private func composeAccents(_ typed: [UInt32]) -> [HangulSyllables.Piece] {
        var out: [HangulSyllables.Piece] = []
        out.reserveCapacity(typed.count)
        var unit = 0
        while unit < typed.count {
            let code = typed[unit]
            if accents.isEmpty || Self.deadKeyMarks[code] == nil || unit + 1 == typed.count {
                out.append((code, unit...unit))
                unit += 1
                continue
            }
            let letter = typed[unit + 1]
            out.append((accented[UInt64(code) << 32 | UInt64(letter)] ?? letter, unit...(unit + 1)))
            unit += 2
        }
        return out
    }
}
