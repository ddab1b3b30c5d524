import FoundationEssentials
import Testing
@testable import Entropy

/// The table of keys that type the lists' words on the layouts of other scripts is exactly what
/// the layouts and the word lists make, so it can never drift from either. The table is written
/// by this test: `VAULT_WRITE_LAYOUT_WORD_KEYS=Plugins/Entropy/Resources/layout-word-keys.txt
/// swift test --filter LayoutWordKeysTests` (see SOURCES.md).
@Suite("layout word keys")
struct LayoutWordKeysTests {
    /// The table's text: for every word of the lists with a character beyond ASCII and every
    /// keyed layout that types all of it, the unshifted US keys that type it there, the layout's
    /// letter and the best rank of the words those keys type on it; only key sequences whose
    /// best word could ever be chosen over brute force of its keys (`LayoutMatcher`).
    static func expectedText() -> String {
        let readings = Double(LayoutMatcher(dictionary: DictionaryMatcher(words: .bundled)).readings)
        var best: [String: Int] = [:]  // "keys letter" → best rank
        var mapped = MappedText()
        let layouts = LayoutMatcher.keyedScripts.map { ($0.letter, $0.layout, LayoutMapping($0.layout, .toUS)) }
        for (word, _, rank) in ForeignWordTests.lines where !word.utf8.allSatisfy({ $0 < 0x80 }) {
            let text = PasswordText(word)
            for (letter, layout, toUS) in layouts {
                guard toUS.map(text, into: &mapped), !mapped.codes.contains(where: { $0 >= 0x80 }) else { continue }
                for keys in spellings(of: mapped.codes, layout: layout) {
                    guard Log10.of(Double(rank)) + Log10.of(readings) <= Double(keys.count) else { continue }
                    let line = String(decoding: keys.map { UInt8(LayoutMatcher.unshiftedKeys[Int($0)]) }, as: UTF8.self) + " " + String(UnicodeScalar(letter))
                    best[line] = min(best[line] ?? .max, rank)
                }
            }
        }
        return best.map { "\($0.key)\($0.value)\n" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.joined()
    }

    /// The key sequences for a word: its keys, and on the Greek layout, where S types σ, W ς and
    /// both type Σ with Shift, every way of typing its sigmas with S or W (a word typed in
    /// capitals reads Σ as σ inside it and as ς at its end, whichever key typed it).
    private static func spellings(of keys: [UInt32], layout: KeyboardLayout) -> [[UInt32]] {
        let (w, s) = (UInt32(UInt8(ascii: "w")), UInt32(UInt8(ascii: "s")))
        guard layout === KeyboardLayouts.greek else { return [keys] }
        var spellings = [keys]
        for index in keys.indices where keys[index] == w || keys[index] == s {
            spellings += spellings.map { spelling in
                var other = spelling
                other[index] = spelling[index] == w ? s : w
                return other
            }
        }
        return spellings
    }

    @Test("the bundled table is what the layouts and the word lists make")
    func bundledTable() throws {
        let expected = Self.expectedText()
        if let path = ProcessInfo.processInfo.environment["VAULT_WRITE_LAYOUT_WORD_KEYS"] {
            try Data(expected.utf8).write(to: URL(fileURLWithPath: path))
        }
        // The embedded text has no line feed after its last line.
        let (bundled, lines) = (LayoutWordKeys.text.description.split(separator: "\n"), expected.split(separator: "\n"))
        #expect(bundled.count == lines.count && bundled == lines, "regenerate the table: see the test's doc comment")
    }
}

/// The keyed lookup against the lists themselves: words of the keyed scripts typed on US keys,
/// in lower case and in capitals, are found as themselves (or as a word as cheap that the same
/// keys type), and dead keys on the Latin layouts still make their letters.
@Suite("layout word keys: the lists typed")
struct KeyedWordTypingTests {
    static let matcher = LayoutMatcher(dictionary: DictionaryMatcher(words: .bundled))

    /// Every 7th word of each keyed script (about 4,500), typed on its layout's US keys, as it is
    /// and in capitals (the keys that type the word upper-cased: Shift where the layout has it).
    static let typedWords: [(word: String, rank: Int, keys: String, layout: String)] = {
        var typed: [(String, Int, String, String)] = []
        var mapped = MappedText()
        let layouts = LayoutMatcher.keyedScripts.map { ($0.layout, LayoutMapping($0.layout, .toUS)) }
        for (index, line) in ForeignWordTests.lines.enumerated() where index % 7 == 0 && !line.word.utf8.allSatisfy({ $0 < 0x80 }) {
            for (layout, toUS) in layouts {
                for written in [line.word, line.word.uppercased()]
                where toUS.map(PasswordText(written), into: &mapped) && !mapped.codes.contains(where: { $0 >= 0x80 }) {
                    typed.append((line.word, line.rank, mapped.spelling(), layout.name))
                }
            }
        }
        return typed
    }()

    @Test("a word of a keyed script typed on US keys is found whole, also in capitals, when it can beat brute force")
    func typedWordsAreFound() {
        var checked = 0
        for (word, rank, keys, layout) in Self.typedWords where Log10.of(Double(rank * 20)) < Double(keys.count) - 0.5 {
            let text = PasswordText(keys)
            let whole = Self.matcher.matches(in: text).compactMap { match -> Int? in
                guard match.start == 0, match.end == text.count - 1, let facts = match.dictionaryFacts else { return nil }
                return facts.rank
            }
            #expect(whole.contains { $0 <= rank }, "\(word) typed on \(layout) as \(keys): \(whole)")
            checked += 1
        }
        #expect(checked > 2_000)
    }

    @Test("Greek capitals: Σ typed with Shift+S or Shift+W reads as σ inside a word and ς at its end", arguments: ["WTHN", "STHN", "THS", "THW"])
    func greekCapitalSigma(password: String) throws {
        let text = PasswordText(password)
        let match = try #require(Self.matcher.matches(in: text).first { $0.start == 0 && $0.end == text.count - 1 }, "\(password)")
        #expect(match.dictionaryFacts?.typedAs?.meantFor == "greek")
    }

    @Test("dead keys on a Latin layout make their letters from US keys: AZERTY's { is ¨", arguments: [("no{el", "noël"), (";{ude", "müde")])
    func deadKeysOnLatinLayouts(password: String, word: String) throws {
        let estimate = Pinned.estimator.estimate(password)
        let segment = try #require(estimate.segments.first { $0.pattern == "dictionary" }, "\(estimate.patternTokens)")
        #expect(segment.details.first { $0.key == "word" }?.value == .text(word))
        #expect(segment.details.first { $0.key == "meant_for" }?.value == .text("azerty"))
    }
}
