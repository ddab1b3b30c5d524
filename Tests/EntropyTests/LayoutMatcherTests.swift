import Testing
@testable import Entropy

/// Words typed with the wrong keyboard layout active, both ways: a US word typed with another
/// layout active (`зфыыцщкв` is `password` on Russian keys), and a word of another layout typed
/// with US QWERTY active (`ra;;,soh` is `password` on Dvorak keys); each found over the
/// password's own units, at the word's guesses times the 20 readings an attacker tries.
@Suite("layout matcher")
struct LayoutMatcherTests {
    private let matcher = LayoutMatcher(dictionary: DictionaryMatcher(words: .bundled))

    /// "password" typed with each layout active (what the US keys p a s s w o r d type there).
    static let passwordTyped: [(KeyboardLayout, String)] = [
        (KeyboardLayouts.russian, "зфыыцщкв"),
        (KeyboardLayouts.ukrainian, "зфііцщкв"),
        (KeyboardLayouts.greek, "πασσςορδ"),  // w is ς on the Greek layout
        (KeyboardLayouts.hebrew, "פשדד'םרג"),  // w is the apostrophe on SI-1452
        (KeyboardLayouts.arabic, "حشسسصخقي"),
        (KeyboardLayouts.korean, "ㅔㅁㄴㄴ잭ㅇ"),  // the input method composes ㅈ ㅐ ㄱ
        (KeyboardLayouts.zhuyin, "ㄣㄇㄋㄋㄊㄟㄐㄎ"),
        (KeyboardLayouts.azerty, "pqsszord"),
        (KeyboardLayouts.dvorak, "laoo,rpe"),
    ]

    @Test("the layout tables: US keys typed with a layout active read as that layout's text, and back",
          arguments: passwordTyped)
    func tables(layout: KeyboardLayout, typed: String) throws {
        let there = try #require(LayoutMapping(layout, .fromUS).map(PasswordText("password")))
        #expect(there.spelling() == typed)
        let back = try #require(LayoutMapping(layout, .toUS).map(PasswordText(typed)))
        #expect(back.spelling() == "password")
    }

    @Test("a US word typed with another layout active is found as the word", arguments: passwordTyped)
    func usWordOnOtherLayout(layout: KeyboardLayout, typed: String) throws {
        let estimate = Pinned.estimator.estimate(typed)
        #expect(estimate.score < 2, "\(typed): \(estimate.log10Guesses)")
        let segment = try #require(estimate.segments.first)
        #expect(estimate.segments.count == 1 && segment.pattern == "dictionary")
        let details = Dictionary(uniqueKeysWithValues: segment.details.map { ($0.key, $0.value) })
        #expect(details["word"] == .text("password"))
        // AZERTY swaps A/Q and Z/W, so its "password" reads the same either way round.
        let ways = [("typed on \(layout.name) for qwerty", layout.name, "qwerty"), ("typed on qwerty for \(layout.name)", "qwerty", layout.name)]
        let way = try #require(ways.first { details["typed_on"] == .text($0.1) && details["meant_for"] == .text($0.2) }, "\(details)")
        #expect(layout === KeyboardLayouts.azerty || way.1 == layout.name)
        #expect(segment.explanation == "\"password\" (#2 of common passwords), \(way.0)")
    }

    @Test("the guesses: the word's, times the 20 readings an attacker tries (13 mappings, 6 keyed layouts and Zhuyin's pinyin)")
    func guesses() throws {
        #expect(matcher.mappings.count == 13 && matcher.keyedLayouts.count == 6)
        let found = try #require(matcher.matches(in: PasswordText("зфыыцщкв")).first { $0.span == 0...7 && $0.dictionaryFacts?.rank == 2 })
        #expect(isClose(found.log10Guesses, log10Of(2 * 20)))
        let capitals = try #require(matcher.matches(in: PasswordText("Зфыыцщкв")).first { $0.span == 0...7 && $0.dictionaryFacts?.rank == 2 })
        #expect(isClose(capitals.log10Guesses, log10Of(2 * 2 * 20)), "a capital counts as on the word itself")
    }

    @Test("Latin layouts, US active: a word typed where its letters are on Dvorak, AZERTY, QWERTZ", arguments: [
        ("ra;;,soh", "password", "dvorak"),  // a Dvorak typist on US keys
        (";onkey", "monkey", "azerty"),  // M is right of L on AZERTY
        ("yucker", "zucker", "qwertz"),  // Z and Y swapped
    ])
    func latinLayoutWord(password: String, word: String, layout: String) throws {
        let estimate = Pinned.estimator.estimate(password)
        let segment = try #require(estimate.segments.first)
        #expect(estimate.segments.count == 1 && segment.pattern == "dictionary", "\(estimate.patternTokens)")
        let details = Dictionary(uniqueKeysWithValues: segment.details.map { ($0.key, $0.value) })
        #expect(details["word"] == .text(word))
        // QWERTZ swaps Y and Z both ways: a German word on US keys, or a US word on QWERTZ keys.
        #expect([details["typed_on"], details["meant_for"]].contains(.text(layout)), "\(details)")
    }

    @Test("Korean keys: jamo typed on US keys compose as the input method would", arguments: [
        ("tkfkdgo", "사랑해"), ("rhk", "과"), ("rkqt", "값"), ("Tkfkd", "싸랑"),
    ])
    func koreanKeys(keys: String, text: String) throws {
        let mapped = try #require(LayoutMapping(KeyboardLayouts.korean, .fromUS).map(PasswordText(keys)))
        #expect(mapped.spelling() == text)
    }

    @Test("Greek: the dead accent key puts the tonos on the next vowel, and comes back from it")
    func greekAccents() throws {
        let mapped = try #require(LayoutMapping(KeyboardLayouts.greek, .fromUS).map(PasswordText("ag;aph")))
        #expect(mapped.spelling() == "αγάπη")
        #expect(mapped.originalBounds(of: 0...4) == 0...5)
        let back = try #require(LayoutMapping(KeyboardLayouts.greek, .toUS).map(PasswordText("αγάπη")))
        #expect(back.spelling() == "ag;aph")
        #expect(back.originalBounds(of: 2...3) == 2...2 && back.originalBounds(of: 3...4) == nil, "ά is two keys, never cut")
    }

    @Test("mixed passwords: the word over its own units, the rest explained as usual")
    func mixed() {
        #expect(Pinned.estimator.estimate("зфыыцщкв2024").patternTokens == ["dictionary:зфыыцщкв", "year:2024"])
        #expect(Pinned.estimator.estimate("ЗФЫЫЦЩКВ!").score < 2)
        let korean = Pinned.estimator.estimate("ㅔㅁㄴㄴ잭ㅇ!!!")
        #expect(korean.patternTokens == ["dictionary:ㅔㅁㄴㄴ잭ㅇ", "repeat:!!!"], "\(korean.patternTokens)")
    }

    @Test("near misses are not found", arguments: ["зфыыцщкй", "зфыыцщк", "ㅔㅁㄴㄴ재", "πασσςορ", "laoo,rp"])
    func nearMisses(password: String) {
        let found = matcher.matches(in: PasswordText(password))
        #expect(!found.contains { $0.dictionaryFacts?.rank == 2 && $0.dictionaryFacts?.list == .passwords },
                "\(password): \(found.map { ($0.span, $0.dictionaryFacts?.typedAs?.spelling ?? "") })")
    }

    @Test("a word is never cut inside a Hangul syllable: ㅔㅁㄴㄴ재 holds pass, not passw")
    func syllablesStayWhole() {
        let found = matcher.matches(in: PasswordText("ㅔㅁㄴㄴ재"))
        #expect(found.contains { $0.span == 0...3 && $0.dictionaryFacts?.typedAs?.spelling == "pass" })
        #expect(!found.contains { $0.dictionaryFacts?.typedAs?.spelling.count == 5 }, "passw would cut 재 in two")
    }

    @Test("mappings that cannot apply are skipped: no script letter, or not ASCII from US keys")
    func skipped() {
        #expect(LayoutMapping(KeyboardLayouts.russian, .toUS).map(PasswordText("password")) == nil)
        #expect(LayoutMapping(KeyboardLayouts.korean, .toUS).map(PasswordText("1234!")) == nil)
        #expect(LayoutMapping(KeyboardLayouts.russian, .fromUS).map(PasswordText("пароль")) == nil)
        #expect(LayoutMapping(KeyboardLayouts.qwertz, .fromUS).map(PasswordText("password")) == nil, "no letter moves")
        #expect(!matcher.matches(in: PasswordText("password")).contains { $0.span == 0...7 }, "the plain word is not matched again")
    }

    @Test("words of other scripts typed with US QWERTY active are found in their own language's list", arguments: [
        ("cgfcb,j", "спасибо", "russian"),  // "thank you"
        ("k.,jdm", "любовь", "russian"),  // "love"
        ("tkfkdgo", "사랑해", "korean"),  // "I love you"
        ("ag;aph", "αγάπη", "greek"),  // "love", with the dead accent key
    ])
    func otherScriptsFromUS(password: String, word: String, layout: String) throws {
        let estimate = Pinned.estimator.estimate(password)
        let segment = try #require(estimate.segments.first)
        #expect(estimate.segments.count == 1 && segment.pattern == "dictionary", "\(estimate.patternTokens)")
        #expect(segment.details.first { $0.key == "word" }?.value == .text(word))
        #expect(segment.details.first { $0.key == "typed_on" }?.value == .text("qwerty"))
        #expect(segment.details.first { $0.key == "meant_for" }?.value == .text(layout))
        #expect(estimate.score < 2)
    }

    @Test("common passwords keep their plain explanation: the mapped ones cost more")
    func plainStaysCheaper() {
        for password in ["password", "qwerty", "gfhjkm", "iloveyou"] {
            let estimate = Pinned.estimator.estimate(password)
            #expect(estimate.score < 2 && estimate.segments.count == 1, "\(password)")
            #expect(estimate.segments[0].details.first { $0.key == "typed_on" }?.value == .null, "\(password)")
        }
    }
}
