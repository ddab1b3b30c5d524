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
            if medials.contains(code) {
                syllable.add(vowel: piece, into: &out)
            } else if initials.contains(code) {
                syllable.add(consonant: piece, into: &out)
            } else {
                syllable.flush(into: &out)
                out.append(piece)
            }
        }
        syllable.flush(into: &out)
        return out
    }

    /// The syllable being composed: its initial, its vowel (one or two keys) and its final (none,
    /// one or two keys).
    private struct Syllable {
        var initial: Piece?
        var vowel: [Piece] = []
        var final: [Piece] = []

        mutating func add(vowel piece: Piece, into out: inout [Piece]) {
            if let moved = final.popLast() {
                flush(into: &out)
                initial = moved
            } else if vowel.count == 1, HangulSyllables.compound(vowel[0].code, piece.code) != nil {
                vowel.append(piece)
                return
            } else if !vowel.isEmpty {
                flush(into: &out)
            }
            vowel = [piece]
        }

        mutating func add(consonant piece: Piece, into out: inout [Piece]) {
            if initial != nil && !vowel.isEmpty {
                if final.isEmpty && HangulSyllables.finals.contains(piece.code) {
                    final = [piece]
                    return
                }
                if final.count == 1, let double = HangulSyllables.compound(final[0].code, piece.code), HangulSyllables.finals.contains(double) {
                    final.append(piece)
                    return
                }
            }
            flush(into: &out)
            initial = piece
        }

        /// Emits what has been composed (a syllable, or a lone jamo) and starts afresh.
        mutating func flush(into out: inout [Piece]) {
            defer { self = Syllable() }
            let pieces = (initial.map { [$0] } ?? []) + vowel + final
            guard let first = pieces.first, let last = pieces.last else { return }
            let units = first.units.lowerBound...last.units.upperBound
            let vowelCode = vowel.count == 2 ? HangulSyllables.compound(vowel[0].code, vowel[1].code)! : vowel.first?.code
            guard let initial, let vowelCode else {
                out.append((initial?.code ?? vowelCode!, units))
                return
            }
            let finalCode = final.count == 2 ? HangulSyllables.compound(final[0].code, final[1].code)! : final.first?.code
            let finalIndex = finalCode.map { HangulSyllables.finals.firstIndex(of: $0)! + 1 } ?? 0
            let index = (HangulSyllables.initials.firstIndex(of: initial.code)! * 21 + HangulSyllables.medials.firstIndex(of: vowelCode)!) * 28 + finalIndex
            out.append((HangulSyllables.firstSyllable + UInt32(index), units))
        }
    }
}
