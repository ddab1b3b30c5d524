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
        let entry = try entry("pw\nlogin: first\nlogin: second\nusername: third\nuser: fourth\nemail: fifth\n")
        #expect(entry.username == "first")
        #expect(entry.fields == [CustomField(name: "login", value: "second", secret: false),
                                 CustomField(name: "username (2)", value: "third", secret: false),
                                 CustomField(name: "user", value: "fourth", secret: false),
                                 CustomField(name: "email", value: "fifth", secret: false)])
    }

    @Test func anEmailLineIsTheUsernameWhenItComesFirst() throws {
        let entry = try entry("pw\nEmail: ann@example.com\nlogin: ann\n")
        #expect(entry.username == "ann@example.com")
        #expect(entry.fields == [CustomField(name: "login", value: "ann", secret: false)])
    }

    // pass's own example (passwordstore.org), as pass-import and gopass read it.
    @Test func keysWithSpacesAreFields() throws {
        let entry = try entry("pw\nURL: *.example.com/*\nSecret Question 1: What is it? Oh: that\nPhone Support PIN #: 84719\nEmployee ID: E-4711\n")
        #expect(entry.urls == ["*.example.com/*"] && entry.notes == nil)
        #expect(entry.fields == [CustomField(name: "Secret Question 1", value: "What is it? Oh: that", secret: false),
                                 CustomField(name: "Phone Support PIN #", value: "84719", secret: false),
                                 CustomField(name: "Employee ID", value: "E-4711", secret: false)])
    }

    @Test func theKeyLosesItsBlanksAndTheValueKeepsItsOwn() throws {
        let entry = try entry("pw\n \tEmployee ID : E-4711 \nmemo:  two spaces\nempty: \n")
        #expect(entry.fields == [CustomField(name: "Employee ID", value: "E-4711 ", secret: false),
                                 CustomField(name: "memo", value: " two spaces", secret: false),
                                 CustomField(name: "empty", value: "", secret: false)])
    }

    @Test func linesWithoutAColonAndASpaceAreNotes() throws {
        let entry = try entry("pw\nhttps://example.com/help\nmeet at 10:30\nkey:value\n: no key\ntrailing:\n")
        #expect(entry.fields.isEmpty && entry.urls.isEmpty)
        #expect(entry.notes == "https://example.com/help\nmeet at 10:30\nkey:value\n: no key\ntrailing:")
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
