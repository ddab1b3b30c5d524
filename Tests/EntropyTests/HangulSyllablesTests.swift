import Testing
@testable import Entropy

/// The Korean input method's composition: jamo typed on the 2-set keys become syllables by the
/// Unicode algorithm, with compound vowels, double finals and a final moving on to the next
/// syllable when a vowel follows; and every syllable decomposes back into the jamo its keys typed.
@Suite("Hangul syllables")
struct HangulSyllablesTests {
    private func composed(_ jamo: String) -> (text: String, units: [ClosedRange<Int>]) {
        let pieces = HangulSyllables.compose(jamo.unicodeScalars.map(\.value))
        return (String(String.UnicodeScalarView(pieces.map { Unicode.Scalar($0.code)! })), pieces.map(\.units))
    }

    @Test("jamo compose into syllables, each with the keys that made it", arguments: [
        ("ㅅㅏㄹㅏㅇㅎㅐ", "사랑해", [0...1, 2...4, 5...6]),  // ㄹ moves on to the vowel after it
        ("ㄱㅗㅏ", "과", [0...2]),  // compound vowel ㅘ = ㅗ + ㅏ
        ("ㅇㅡㅣㅅㅏ", "의사", [0...2, 3...4]),  // ㅢ = ㅡ + ㅣ
        ("ㄱㅏㅂㅅ", "값", [0...3]),  // double final ㅄ = ㅂ + ㅅ
        ("ㄱㅏㅂㅅㅣ", "갑시", [0...2, 3...4]),  // a double final splits before a vowel
        ("ㄷㅏㄹㄱㅇㅣ", "닭이", [0...3, 4...5]),
        ("ㅔㅁㄴㄴㅈㅐㄱㅇ", "ㅔㅁㄴㄴ잭ㅇ", [0...0, 1...1, 2...2, 3...3, 4...6, 7...7]),  // "password" on 2-set keys
        ("ㄸㅏㄸ", "따ㄸ", [0...1, 2...2]),  // ㄸ is never a final
        ("ㅎㅏ1ㄴ", "하1ㄴ", [0...1, 2...2, 3...3]),  // anything else ends the syllable
    ])
    func composition(jamo: String, text: String, units: [ClosedRange<Int>]) {
        let result = composed(jamo)
        #expect(result.text == text)
        #expect(result.units == units)
    }

    @Test("every one of the 11,172 syllables decomposes into jamo that compose back into it")
    func roundTrip() throws {
        for code in HangulSyllables.firstSyllable...HangulSyllables.lastSyllable {
            let jamo = try #require(HangulSyllables.decompose(code))
            let pieces = HangulSyllables.compose(jamo)
            #expect(pieces.count == 1 && pieces[0].code == code && pieces[0].units == 0...(jamo.count - 1), "U+\(String(code, radix: 16))")
        }
    }

    @Test("decomposition splits compound vowels and double finals into their keys", arguments: [
        ("과", "ㄱㅗㅏ"), ("값", "ㄱㅏㅂㅅ"), ("뷁", "ㅂㅜㅔㄹㄱ"), ("ㅘ", "ㅗㅏ"), ("ㄳ", "ㄱㅅ"), ("ㄲ", "ㄲ"), ("잭", "ㅈㅐㄱ"),
    ])
    func decomposition(syllable: String, jamo: String) {
        #expect(HangulSyllables.decompose(syllable.unicodeScalars.first!.value) == jamo.unicodeScalars.map(\.value))
    }

    @Test("anything but Hangul does not decompose")
    func notHangul() {
        #expect(HangulSyllables.decompose(UInt32(("a" as Unicode.Scalar).value)) == nil)
        #expect(HangulSyllables.decompose(0x3164) == nil, "the Hangul filler is no jamo")
    }
}
