import Testing
@testable import Breach

/// `PasswordHash`: the SHA-1 of a password's bytes in upper-case hex, split into the five
/// characters the range API is told and the 35 that stay here; and hashes written in hex.
@Suite("PasswordHash")
struct PasswordHashTests {
    @Test("the SHA-1 of \"password\", its prefix and its suffix")
    func password() {
        let hash = PasswordHash(of: "password".utf8)
        #expect(hash.text == "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8")
        #expect(hash.prefix == "5BAA6")
        #expect(String(decoding: hash.suffix, as: UTF8.self) == "1E4C9B93F3F0682250B6CF8331B7EE68FD8")
        #expect(hash.hex.count == 40 && hash.suffix.count == 35)
    }

    @Test("known SHA-1 values", arguments: [
        ("", "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"),
        ("abc", "A9993E364706816ABA3E25717850C26C9CD0D89D"),
        ("P@ssw0rd", "21BD12DC183F740EE76F27B78EB39C8AD972A757"),
    ])
    func knownValues(password: String, hex: String) {
        #expect(PasswordHash(of: password.utf8).text == hex)
    }

    @Test("the bytes are hashed as they are: composed and decomposed é give different hashes")
    func noNormalisation() {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        #expect(composed == decomposed, "Swift compares them as equal strings, so only their bytes can tell them apart")
        let first = PasswordHash(of: composed.utf8), second = PasswordHash(of: decomposed.utf8)
        #expect(first.text == "BF15BE717AC1B080B4F1C456692825891FF5073D")
        #expect(second.text == "7E3FBCF1B6A69221CD8EEF7442EF3B51A253BB49")
        #expect(first != second)
    }

    @Test("bytes that are not UTF-8 are hashed too, as they are")
    func rawBytes() {
        #expect(PasswordHash(of: [0xFF, 0xFE, 0x00, 0x41]).text == "AD2ADFE25122A2DB6079ECFE17B64185AEDA7FCC")
    }
}
