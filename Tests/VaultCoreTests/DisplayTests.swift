import Foundation
import Testing
@testable import VaultCore

/// The one function that makes text safe for a terminal, and JSON that stays exact but safe.
struct DisplayTests {
    @Test func controlAndBidiCharactersBecomeEscapes() {
        #expect(TerminalText.visible("a\u{1B}]52;c;eA==\u{07}b") == #"a\u{1B}]52;c;eA==\u{7}b"#)
        #expect(TerminalText.visible("\u{9B}31m") == #"\u{9B}31m"#)
        #expect(TerminalText.visible("x\u{202E}y\u{2066}") == #"x\u{202E}y\u{2066}"#)
        #expect(TerminalText.visible("tab\there\nnewline") == #"tab\u{9}here\u{A}newline"#)
        #expect(TerminalText.visible("café ✓ 漢字 עברית") == "café ✓ 漢字 עברית")
        #expect(TerminalText.visibleLines("one\u{1B}[2J\ntwo") == "one\\u{1B}[2J\ntwo")
        #expect(TerminalText.visibleLines("crlf\r\nnext") == "crlf\\u{D}\nnext")
    }

    @Test func jsonWriterEscapesWhatATerminalWouldActOn() {
        var writer = JSONWriter()
        writer.object { $0.field("v", "a\u{1B}b\u{9B}c\u{202E}d\u{200F}é\u{7F}") }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #"{"v":"a\u001bb\u009bc\u202ed\u200fé\u007f"}"#)
        let decoded = try? JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: String]
        #expect(decoded?["v"] == "a\u{1B}b\u{9B}c\u{202E}d\u{200F}é\u{7F}")
    }

    @Test func wholeJSONTextsKeepTheirValues() throws {
        let value = ["k": "x\u{85}y\u{61C}z\u{2069}—€\u{7F}"]
        let document = try EntryJSON.document(value)
        #expect(!String(decoding: document, as: UTF8.self).unicodeScalars.contains { [0x85, 0x61C, 0x2069, 0x7F].contains($0.value) })
        #expect(try JSONDecoder().decode([String: String].self, from: document) == value)
        #expect(JSONTerminalEscapes.escaped(Data(#"{"k":"nothing to do — €"}"#.utf8)) == nil)
    }

    @Test func shellWordsStaySafeAndPasteable() {
        #expect(ShellWord.quoted("web/github") == "web/github")
        #expect(ShellWord.quoted("my bank") == "'my bank'")
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellWord.quoted("evil\u{202E}gpj") == #"$'evil\xe2\x80\xaegpj'"#)
        #expect(ShellWord.quoted("a'\u{1B}\\") == #"$'a\'\x1b\\'"#)
    }

    @Test func kdfCostAgainstTheLimit() throws {
        #expect(KDFCost(.default).factor == 1)
        #expect(!KDFCost(KDFParameters(memoryKiB: 1024 * 1024, iterations: 3, parallelism: 4)).exceedsLimit)
        #expect(KDFCost(KDFParameters(memoryKiB: 3 * 1024 * 1024, iterations: 1, parallelism: 4)).exceedsLimit, "a memory cap of its own")
        let planted = KDFCost(KDFParameters(memoryKiB: 4 * 1024 * 1024, iterations: 100, parallelism: 1))
        #expect(planted.exceedsLimit)
        #expect(planted.summary == "a key derivation of 4096 MiB × 100 passes (2133 times the default)")
        #expect(throws: CryptoError.self) { try planted.checkForNewVault() }
        #expect(KDFCost.duration(3) == "3 s")
        #expect(KDFCost.duration(600) == "10 min")
        #expect(KDFCost.duration(7200) == "2 h")
    }
}
