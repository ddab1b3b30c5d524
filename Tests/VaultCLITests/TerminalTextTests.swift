import Foundation
import Testing
@testable import VaultCLI

/// The one function that makes text safe for a terminal, JSON written by hand that is exact but
/// safe, and suggested shell commands that are safe to print and still work when pasted.
struct TerminalTextTests {
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

    @Test func shellWordsStaySafeAndPasteable() {
        #expect(ShellWord.quoted("web/github") == "web/github")
        #expect(ShellWord.quoted("my bank") == "'my bank'")
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellWord.quoted("evil\u{202E}gpj") == #"$'evil\xe2\x80\xaegpj'"#)
        #expect(ShellWord.quoted("a'\u{1B}\\") == #"$'a\'\x1b\\'"#)
    }

    /// A word is left as it is exactly when each of its characters is alphabetic (Unicode's
    /// property), an ASCII digit or one of `/._-+@:,=`, as Unicode's tables alone say it.
    @Test func aWordIsPlainExactlyWhenUnicodesPropertiesSaySo() {
        func plainByProperties(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+@:,=".unicodeScalars.contains(scalar)) && scalar.value > 0x20
        }
        let scalars = (0...0x2FF).compactMap(Unicode.Scalar.init) + (0x0370...0x0500).compactMap(Unicode.Scalar.init)
            + ["\u{0660}", "\u{0915}", "\u{093F}", "\u{2160}", "\u{24B6}", "\u{3042}", "\u{4E2D}", "\u{AC00}", "\u{1F511}", "\u{FF10}"]
        for scalar in scalars {
            let word = "a" + String(scalar) + "1"
            #expect((ShellWord.quoted(word) == word) == plainByProperties(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }
}
