import Testing
@testable import Entropy

/// Keys typed for a Zhuyin input method on the standard layout, read as the pinyin of their
/// syllables: the spelling rules of Hanyu Pinyin, syllable by syllable, and words of the Chinese
/// lists found in what the keys spell. Key strings are built from the layout table, not written.
@Suite("Zhuyin syllables")
struct ZhuyinSyllablesTests {
    /// The US key that types each bopomofo symbol or tone mark on the standard layout.
    static let keyFor: [UInt32: Character] = Dictionary(uniqueKeysWithValues: ZhuyinSyllables.keys.enumerated()
        .filter { $0.element != MappedText.barrier }.map { ($0.element, Character(Unicode.Scalar(UInt8($0.offset)))) })

    /// The keys for syllables written in bopomofo, each followed by its tone ("" for the first:
    /// the space bar).
    static func keys(_ syllables: [(String, String)]) -> String {
        String(syllables.flatMap { bopomofo, tone in (bopomofo + (tone.isEmpty ? " " : tone)).unicodeScalars.map { keyFor[$0.value]! } })
    }

    @Test("each syllable in pinyin", arguments: [
        ("ㄓ", "zhi"), ("ㄙ", "si"), ("ㄧ", "yi"), ("ㄨ", "wu"), ("ㄩ", "yu"), ("ㄩㄥ", "yong"), ("ㄐㄩ", "ju"),
        ("ㄋㄩ", "nv"), ("ㄌㄩㄝ", "lve"), ("ㄐㄩㄢ", "juan"), ("ㄒㄩㄥ", "xiong"), ("ㄉㄨㄟ", "dui"), ("ㄌㄧㄡ", "liu"),
        ("ㄏㄨㄣ", "hun"), ("ㄍㄨㄥ", "gong"), ("ㄨㄥ", "weng"), ("ㄧㄡ", "you"), ("ㄧㄣ", "yin"), ("ㄧㄥ", "ying"),
        ("ㄨㄟ", "wei"), ("ㄨㄣ", "wen"), ("ㄅㄥ", "beng"), ("ㄦ", "er"), ("ㄓㄨㄤ", "zhuang"), ("ㄑㄧㄢ", "qian"),
    ])
    func pinyin(bopomofo: String, pinyin: String) {
        var syllable = ZhuyinSyllables.Syllable()
        for code in bopomofo.unicodeScalars.map(\.value) {
            if ZhuyinSyllables.initials[code] != nil { syllable.initial = code }
            else if ZhuyinSyllables.medials[code] != nil { syllable.medial = code }
            else { syllable.final = code }
        }
        #expect(syllable.pinyin == pinyin)
    }

    @Test("keys read as the pinyin of their syllables, each letter from the whole syllable's keys")
    func reading() throws {
        let typed = Self.keys([("ㄋㄧ", "ˇ"), ("ㄏㄠ", "ˇ")])
        var mapped = MappedText()
        #expect(ZhuyinSyllables.pinyin(of: PasswordText(typed), into: &mapped))
        #expect(mapped.spelling() == "nihao")
        #expect(mapped.originalBounds(of: 0...1) == 0...2 && mapped.originalBounds(of: 1...3) == nil, "a word never cuts a syllable")
    }

    @Test("a word of the Chinese lists typed as Zhuyin keys is that word", arguments: [
        [("ㄋㄧ", "ˇ"), ("ㄏㄠ", "ˇ")],  // nihao
        [("ㄒㄧㄝ", "ˋ"), ("ㄒㄧㄝ", "˙")],  // xiexie
        [("ㄇㄧ", "ˋ"), ("ㄇㄚ", "ˇ")],  // mima
    ])
    func words(syllables: [(String, String)]) throws {
        let typed = Self.keys(syllables)
        let estimate = Pinned.estimator.estimate(typed)
        let segment = try #require(estimate.segments.first)
        #expect(estimate.segments.count == 1 && segment.pattern == "dictionary", "\(typed): \(estimate.patternTokens)")
        #expect(segment.details.contains { $0.key == "typed_on" && $0.value == .text("qwerty") })
        #expect(segment.details.contains { $0.key == "meant_for" && $0.value == .text("zhuyin") })
        #expect(estimate.score <= 1)
    }

    @Test("keys that make no syllable are not read", arguments: ["3333", "xyz", "ABCD"])
    func noSyllable(typed: String) {
        var mapped = MappedText()
        #expect(!ZhuyinSyllables.pinyin(of: PasswordText(typed), into: &mapped))
    }
}
