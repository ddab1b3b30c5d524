import SeededRandom
import Testing
import VaultCore

/// `trimmingCharacters(while:)`, which walks indices from both ends, against the plain
/// definition (drop the matching characters, reverse, drop again, reverse back) on generated
/// strings of characters that trim, characters that do not, and ones that join across a scalar.
struct TrimmingTests {
    private func byDefinition(_ text: Substring, _ matches: (Character) -> Bool) -> String {
        String(text.drop(while: matches).reversed().drop(while: matches).reversed())
    }

    @Test func trimsAsTheDefinitionDoes() {
        let pieces = [" ", "\t", "\r\n", "\n", "a", "b c", "e\u{301}", "\u{301}", "\u{3000}", "\u{1F511}", "x "]
        let blankOrASCIISpace: (Character) -> Bool = { $0.isBlank || $0 == "\n" || $0 == "\r\n" }
        var random = SeededRandom(seed: 0x7819)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &random) { text += pieces.randomElement(using: &random)! }
            #expect(text.trimmingCharacters(while: blankOrASCIISpace) == byDefinition(text[...], blankOrASCIISpace),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(text[...].trimmingCharacters(while: { $0 == " " }) == byDefinition(text[...], { $0 == " " }))
        }
        #expect("  \u{3000}word and word\t ".trimmingCharacters(while: \.isBlank) == "word and word")
        #expect("   ".trimmingCharacters(while: \.isBlank) == "")
    }
}
