import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// The text of one decrypted file of a password store, read without gpg.
struct PassStoreParsingTests {
    private func entry(_ text: String) throws -> Entry {
        try PassStoreImporter.entry(text, name: "site", record: "file site.gpg", modified: importTime)
    }

    @Test func theFirstUsernameLineWinsAndLaterOnesAreFields() throws {
        let entry = try entry("pw\nlogin: first\nlogin: second\nusername: third\nuser: fourth\n")
        #expect(entry.username == "first")
        #expect(entry.fields == [CustomField(name: "login", value: "second", secret: false),
                                 CustomField(name: "username (2)", value: "third", secret: false),
                                 CustomField(name: "user", value: "fourth", secret: false)])
    }

    @Test func anOtpauthLineInUpperCaseIsTheOneTimePassword() throws {
        let entry = try entry("pw\nOTPAUTH://totp/site?secret=JBSWY3DPEHPK3PXP\n")
        #expect(try entry.oneTimePassword()?.secret == Base32.decode("JBSWY3DPEHPK3PXP"))
        #expect(entry.fields.isEmpty)
    }

    // Only one one-time password fits an entry; the others are kept, as secrets.
    @Test func laterOtpauthLinesAreSecretFields() throws {
        let second = "otpauth://totp/other?secret=KRSXG5CTMVRXEZLU"
        let third = "OtpAuth://totp/third?secret=GEZDGNBVGY3TQOJQ"
        let entry = try entry("pw\notpauth://totp/site?secret=JBSWY3DPEHPK3PXP\n\(second)\n\(third)\n")
        #expect(try entry.oneTimePassword()?.secret == Base32.decode("JBSWY3DPEHPK3PXP"))
        #expect(entry.fields == [CustomField(name: "otpauth (2)", value: second, secret: true),
                                 CustomField(name: "otpauth (3)", value: third, secret: true)])
    }

    @Test func keysURLsAndNotes() throws {
        let entry = try entry("pw\nurl: https://a.example\nwebsite: https://b.example\npin: 1234\nfree text\n")
        #expect(entry.password == "pw" && entry.urls == ["https://a.example", "https://b.example"])
        #expect(entry.fields == [CustomField(name: "pin", value: "1234", secret: false)] && entry.notes == "free text")
    }
}
