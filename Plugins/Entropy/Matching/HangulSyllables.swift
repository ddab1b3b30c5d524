/// What a Korean input method does with the jamo the 2-set keys type: composes them into
/// syllables by the Unicode Hangul syllable algorithm (The Unicode Standard, section 3.12:
/// syllable = U+AC00 + (initial × 21 + medial) × 28 + final), and the reverse, a syllable back
/// into the jamo its keys typed.
///
/// Composition follows the 2-set automaton: a consonant starts a syllable, a vowel completes it
/// (two vowel keys may make one compound vowel, ㅗ + ㅏ = ㅘ), a consonant after the vowel becomes
/// the final (two may make a double final, ㄱ + ㅅ = ㄳ), and a vowel after a final takes its
/// (last) consonant as the initial of a new syllable (사 + ㄹ + ㅏ → 사라). A jamo that completes no
/// syllable stays a compatibility jamo on its own (ㅔ, ㅁ).
enum HangulSyllables {
    /// Compatibility jamo, in the order of the syllable algorithm's indices.
    static let initials = scalars("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    static let medials = scalars("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ")
    /// Finals from index 1 (0 is "no final").
    static let finals = scalars("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")
    /// Compound vowels and double finals, each followed by the two jamo typed for it.
    static let compounds = ["ㅘㅗㅏ", "ㅙㅗㅐ", "ㅚㅗㅣ", "ㅝㅜㅓ", "ㅞㅜㅔ", "ㅟㅜㅣ", "ㅢㅡㅣ",
                            "ㄳㄱㅅ", "ㄵㄴㅈ", "ㄶㄴㅎ", "ㄺㄹㄱ", "ㄻㄹㅁ", "ㄼㄹㅂ", "ㄽㄹㅅ", "ㄾㄹㅌ",
                            "ㄿㄹㅍ", "ㅀㄹㅎ", "ㅄㅂㅅ"].map(scalars)
    static let firstSyllable: UInt32 = 0xAC00
    static let lastSyllable: UInt32 = 0xD7A3

    /// A jamo typed by one key, with the unit of the password it came from.
    typealias Piece = (code: UInt32, units: ClosedRange<Int>)

    private static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// The compound of two jamo (compound vowel or double final), if they make one.
    static func compound(_ first: UInt32, _ second: UInt32) -> UInt32? {
        compounds.first { $0[1] == first && $0[2] == second }?[0]
    }

    /// The jamo a key typed for `code`, a syllable or a compatibility jamo; nil for anything else.
    static func decompose(_ code: UInt32) -> [UInt32]? {
        if code >= firstSyllable && code <= lastSyllable {
            let index = Int(code - firstSyllable)
            let (initial, medial, final) = (index / 588, index % 588 / 28, index % 28)
            return [initials[initial]] + split(medials[medial]) + (final == 0 ? [] : split(finals[final - 1]))
        }
        return code >= 0x3131 && code <= 0x3163 ? split(code) : nil
    }

    private static func split(_ jamo: UInt32) -> [UInt32] {
        compounds.first { $0[0] == jamo }.map { Array($0[1...]) } ?? [jamo]
    }

    /// The text the input method shows for `typed` (one character per key; anything but jamo
    /// passes through), each character with the range of keys that made it.
    static func compose(_ typed: [UInt32]) -> [Piece] {
        var syllable = Syllable()
        var out: [Piece] = []
        out.reserveCapacity(typed.count)
        for (unit, code) in typed.enumerated() {
            let piece = (code: code, units: unit...unit)
            switch kinds[code] {
            case .vowel?: syllable.add(vowel: piece, into: &out)
            case .consonant?: syllable.add(consonant: piece, into: &out)
            case nil:
                syllable.flush(into: &out)
                out.append(piece)
            }
        }
        syllable.flush(into: &out)
        return out
    }

    private enum Kind { case vowel, consonant }

    /// Whether a key's jamo is a vowel or a consonant (an initial), for the few dozen jamo.
    private static let kinds: [UInt32: Kind] = Dictionary(
        uniqueKeysWithValues: medials.map { ($0, Kind.vowel) } + initials.map { ($0, Kind.consonant) })

    /// Each jamo's index among the initials, medials and finals (from 1; 0 is no final).
    private static let initialIndex = Dictionary(uniqueKeysWithValues: initials.enumerated().map { ($1, $0) })
    private static let medialIndex = Dictionary(uniqueKeysWithValues: medials.enumerated().map { ($1, $0) })
    private static let finalIndex = Dictionary(uniqueKeysWithValues: finals.enumerated().map { ($1, $0 + 1) })

    /// The syllable being composed: its initial, its vowel (one key, or two that make a
    /// compound vowel) and its final (none, one key, or two that make a double final).
    private struct Syllable {
        var initial: Piece?
        var vowel: Piece?
        var secondVowel: Piece?
        var final: Piece?
        var secondFinal: Piece?

        mutating func add(vowel piece: Piece, into out: inout [Piece]) {
            if let moved = secondFinal ?? final {
                if secondFinal != nil { secondFinal = nil } else { final = nil }
                flush(into: &out)
                initial = moved
            } else if let first = vowel, secondVowel == nil, HangulSyllables.compound(first.code, piece.code) != nil {
                secondVowel = piece
                return
            } else if vowel != nil {
                flush(into: &out)
            }
            vowel = piece
        }

        mutating func add(consonant piece: Piece, into out: inout [Piece]) {
            if initial != nil && vowel != nil {
                if final == nil && finalIndex[piece.code] != nil {
                    final = piece
                    return
                }
                if let first = final, secondFinal == nil, let double = HangulSyllables.compound(first.code, piece.code),
                   finalIndex[double] != nil {
                    secondFinal = piece
                    return
                }
            }
            flush(into: &out)
            initial = piece
        }

        /// Emits what has been composed (a syllable, or a lone jamo) and starts afresh.
        mutating func flush(into out: inout [Piece]) {
            defer { self = Syllable() }
            guard let first = initial ?? vowel, let last = secondFinal ?? final ?? secondVowel ?? vowel ?? initial else { return }
            let units = first.units.lowerBound...last.units.upperBound
            let vowelCode = secondVowel.map { HangulSyllables.compound(vowel!.code, $0.code)! } ?? vowel?.code
            guard let initial, let vowelCode else {
                out.append((initial?.code ?? vowelCode!, units))
                return
            }
            let finalCode = secondFinal.map { HangulSyllables.compound(final!.code, $0.code)! } ?? final?.code
            let index = (initialIndex[initial.code]! * 21 + medialIndex[vowelCode]!) * 28 + (finalCode.map { finalIndex[$0]! } ?? 0)
            out.append((HangulSyllables.firstSyllable + UInt32(index), units))
        }
    }
}
