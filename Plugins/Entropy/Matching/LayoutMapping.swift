import VaultCore
import VaultSystem

/// How text reads when it was typed with one keyboard layout active and meant for another: the
/// characters of US QWERTY and of another layout paired key by key (same row, same column, same
/// Shift), in one direction, with what that layout's input method does on top (Hangul
/// syllables, dead accents).
struct LayoutMapping: Sendable {
    enum Direction: Sendable {
        /// A word of the other layout typed with US QWERTY active: `gfhjkm` is Russian `пароль`.
        /// Applies to passwords of ASCII characters only.
        case fromUS
        /// A US word typed with the other layout active: `зфыыцщкв` is `password`.
        case toUS
    }

    let layout: KeyboardLayout
    let direction: Direction
    /// Each character to the one the same key types in the direction's target layout; a
    /// character two keys type maps to the unshifted one's.
    private let characters: [UInt32: UInt32]
    /// The same for the 128 ASCII codes, by code (what `.fromUS` reads: no hashing per unit).
    private let asciiCharacters: [UInt32]
    /// Whether the layout types Hangul jamo, which its input method composes into syllables.
    private let composesHangul: Bool
    /// Dead key and letter (packed dead << 32 | letter) to the accented letter they type.
    private let accented: [UInt64: UInt32]
    /// The other way: an accented letter to its dead key and letter.
    private let accents: [UInt32: (dead: UInt32, letter: UInt32)]

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
                if characters[from] == nil { characters[from] = to }
            }
        }
        self.characters = characters
        asciiCharacters = (0..<0x80).map { characters[UInt32($0)] ?? MappedText.barrier }
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
    }

    /// How `password` reads in the direction's target layout; nil when the mapping changes no
    /// letter of it (no character of the layout's script, or not ASCII for `.fromUS`).
    func map(_ password: PasswordText) -> MappedText? {
        var codes: [UInt32] = [], origins: [ClosedRange<Int>] = []
        codes.reserveCapacity(password.count)
        origins.reserveCapacity(password.count)
        switch direction {
        case .fromUS:
            guard password.codes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let typed = password.codes.map { asciiCharacters[Int($0)] }
            for piece in composesHangul ? HangulSyllables.compose(typed) : composeAccents(typed) {
                codes.append(piece.code)
                origins.append(piece.units)
            }
        case .toUS:
            for (unit, code) in password.codes.enumerated() {
                let keys = composesHangul ? HangulSyllables.decompose(code) ?? [code] : accents[code].map { [$0.dead, $0.letter] } ?? [code]
                for key in keys {
                    codes.append(characters[key] ?? MappedText.barrier)
                    origins.append(unit...unit)
                }
            }
        }
        return MappedText(codes: codes, origins: origins, from: password)
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
