import Testing
@testable import Entropy

/// Other languages' common passwords and words: each language's examples are found in their own
/// list and make weak passwords, every common password of those lists is weak, near misses are
/// not found, and text in any script is looked up by its UTF-8 bytes.
@Suite("other languages")
struct ForeignWordTests {
    static let matcher = DictionaryMatcher(words: .bundled)

    /// The plain match of the whole of `password`, if it is a word of some list.
    static func wholeWord(_ password: String) -> DictionaryWord? {
        let text = PasswordText(password)
        return matcher.matches(in: text).filter { $0.start == 0 && $0.end == text.count - 1 }
            .compactMap(\.dictionaryFacts).first { !$0.reversed && $0.substitutions.isEmpty }
    }

    /// The lines of the bundled table: word, list letter, rank.
    static let lines: [(word: String, letter: Character, rank: Int)] = RankedWordData.text.description
        .split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            let tag = fields[1]
            return (String(fields[0]), tag.first!, Int(tag.dropFirst())!)
        }

    @Test("each language's examples are found and score below 2; a word of an English list stays there", arguments: [
        ("woaini1314", WordList.passwordsOf(.chinese)), ("5201314", .passwords), ("xiexie", .wordsOf(.chinese)),
        ("contraseña", .wordsOf(.spanish)), ("contrasena", .passwords), ("gracias", .tvAndFilm),
        ("teamo", .passwords), ("saudade", .passwords), ("obrigado", .wordsOf(.portuguese)),
        ("пароль", .wordsOf(.russian)), ("ПАРОЛЬ", .wordsOf(.russian)), ("спасибо", .wordsOf(.russian)),
        ("lyubov", .passwords), ("parol", .passwords),
        ("schatz", .surnames), ("passwort", .passwords), ("schön", .wordsOf(.german)),
        ("motdepasse", .passwords), ("soleil", .passwords), ("français", .wordsOf(.french)),
        ("daisuki", .wordsOf(.japanese)), ("aishiteru", .passwords),
        ("pyar", .wordsOf(.hindi)), ("dost", .wordsOf(.hindi)),
        ("사랑해", .wordsOf(.korean)), ("αγάπη", .wordsOf(.greek)), ("ΑΓΆΠΗ", .wordsOf(.greek)), ("אהבה", .wordsOf(.hebrew)),
        ("حبيبي", .wordsOf(.arabic)), ("кохання", .wordsOf(.ukrainian)),
    ])
    func example(password: String, list: WordList) throws {
        let word = try #require(Self.wholeWord(password), "\(password) is in no list")
        #expect(word.list == list, "\(password): \(word.list.name) #\(word.rank)")
        #expect(Pinned.estimator.estimate(password).score < 2)
    }

    @Test("every password of the other languages' lists scores below 2", arguments: Array("CDFPHAI"))
    func commonPasswords(letter: Character) {
        let passwords = Self.lines.filter { $0.letter == letter }
        #expect(passwords.count >= 20)
        let strong = passwords.filter { Pinned.estimator.estimate($0.word).score >= 2 }.map(\.word)
        #expect(strong.isEmpty, "\(strong.prefix(10))")
    }

    @Test("the 200 most frequent words of each list in its own script are found as themselves", arguments: Array("UYEVBK"))
    func ownScript(letter: Character) throws {
        let list = try #require(WordList(letter: UInt8(ascii: letter.unicodeScalars.first!)))
        let top = Self.lines.filter { $0.letter == letter && $0.rank <= 200 && $0.word.unicodeScalars.contains { !$0.isASCII } }
        #expect(top.count >= 50)
        for line in top {
            let word = Self.wholeWord(line.word)
            #expect(word?.list == list && word?.rank == line.rank, "\(line.word)")
        }
    }

    @Test("near misses are no word", arguments: [
        "contrasenia", "пароьл", "사랑햬", "αγάπηη", "אהבהה", "حبيبيي", "lyubof", "xiexiex",
    ])
    func nearMiss(password: String) {
        #expect(Self.wholeWord(password) == nil)
    }

    @Test("an ASCII letter then a non-ASCII one, and the other way round, narrow by bytes")
    func mixedBytes() {
        #expect(Self.wholeWord("café")?.list == .wordsOf(.portuguese))
        #expect(Self.wholeWord("cafe")?.list != nil)
        #expect(Self.wholeWord("caf\u{E8}") == nil, "è is not é")
        #expect(Self.wholeWord("scho\u{308}n")?.list == .wordsOf(.german), "a decomposed ö is normalised first")
    }

    @Test("foreign words are found inside longer passwords, reversed and with l33t")
    func inside() {
        let text = PasswordText("1984пароль!")
        #expect(Self.matcher.matches(in: text).contains { $0.span == 4...9 && $0.dictionaryFacts?.list == .wordsOf(.russian) })
        let reversed = PasswordText(String("пароль".reversed()))
        #expect(Self.matcher.matches(in: reversed).contains { $0.span == 0...5 && $0.dictionaryFacts?.reversed == true })
        #expect(Self.wholeWord("c0ntrasena") == nil)
        #expect(Self.matcher.matches(in: PasswordText("c0ntrasena")).contains { $0.span == 0...9 && $0.dictionaryFacts?.substitutions.count == 1 })
    }

    @Test("capitals of any script count as Latin ones do: the first only, all, or a placement of them",
          arguments: [("Пароль", "Abcdef"), ("ПАРОЛЬ", "ABCDEF"), ("ПаРоЛь", "AbCdEf"), ("Αγάπη", "Abcde"), ("ΑγΆπΗ", "AbCdE")])
    func capitals(password: String, latinTwin: String) throws {
        let word = try #require(Self.wholeWord(password))
        let plain = try #require(Self.wholeWord(password.lowercased()))
        #expect(word.rank == plain.rank && plain.log10UppercaseVariations == 0)
        let twin = Variations.log10Uppercase(latinTwin.unicodeScalars.map(\.value)[...])
        #expect(twin > 0)
        #expect(word.log10UppercaseVariations == twin, "\(password)")
    }

    @Test("a capital sigma at the end of a word is final ς (Unicode's Final_Sigma), elsewhere σ")
    func finalSigma() {
        #expect(Self.wholeWord("ΆΛΛΕΣ")?.list == .wordsOf(.greek), "άλλες")
        #expect(PasswordText("ΆΛΛΕΣ").lowered.last == 0x03C2)
        #expect(PasswordText("ΣΑΣ").lowered == [0x03C3, 0x03B1, 0x03C2])
        #expect(PasswordText("Σ").lowered == [0x03C3], "a sigma alone is no word's end")
        #expect(PasswordText("ΑΣ1").lowered[1] == 0x03C2, "a digit after it ends the word")
        let runTogether = Self.matcher.matches(in: PasswordText("ΆΛΛΕΣΦΟΡΕΣ"))
        #expect(runTogether.contains { $0.span == 0...4 && $0.dictionaryFacts?.list == .wordsOf(.greek) }, "άλλες before φορές")
        let segment = Pinned.estimator.estimate("ΆΛΛΕΣ").segments.first
        #expect(segment?.details.first { $0.key == "word" }?.value == .text("άλλες"))
    }

    @Test("a 64 KiB line of Cyrillic words: matches grow linearly and the estimate is a cheap repeat")
    func longCyrillicLine() {
        let password = String(repeating: "пароль", count: 65_536 / 12)
        let text = PasswordText(password)
        #expect(text.count == 32_766)
        let matches = Self.matcher.matches(in: text)
        #expect(matches.count <= 8 * text.count, "\(matches.count)")
        let estimate = Pinned.estimator.estimate(password)
        #expect(estimate.segments.count == 1 && estimate.segments[0].pattern == "repeat")
        #expect(estimate.score <= 2)
    }
}
