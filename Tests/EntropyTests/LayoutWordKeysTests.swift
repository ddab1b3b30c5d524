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
        let readings = Double(LayoutMatcher(dictionary: DictionaryMatcher(words: .bundled)).mappings.count + LayoutMatcher.keyedScripts.count + 1)
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

    /// The key sequences for a word: its keys, and on the Greek layout, where W types ς and
    /// Shift+W Σ, also with S for each W: a word typed in capitals ends in Shift+S, Σ, which
    /// lower-cases to ς at the end of a word.
    private static func spellings(of keys: [UInt32], layout: KeyboardLayout) -> [[UInt32]] {
        let (w, s) = (UInt32(UInt8(ascii: "w")), UInt32(UInt8(ascii: "s")))
        guard layout === KeyboardLayouts.greek, keys.contains(w) else { return [keys] }
        return [keys, keys.map { $0 == w ? s : $0 }]
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
