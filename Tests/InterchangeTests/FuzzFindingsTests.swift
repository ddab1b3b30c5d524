import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// What the import fuzz targets found (Fuzz/seeds/import-*/crash-*, each described in its
/// folder's README.md), one test each that fails without its fix.
struct FuzzFindingsTests {
    /// The entries after an export as `format` and an import of it.
    private func roundTrip(_ entries: [Entry], through format: ExportFormat, as importFormat: ImportFormat) throws -> [Entry] {
        let bytes = try Exporter.render(entries, as: format, exported: importTime, contents: { _ in [] })
        return try Importer.read(bytes, format: importFormat, now: importTime).entries
    }

    // import-chrome-csv/crash-quote-combining-mark.csv: a quote and the combining mark after it
    // are one Character, and the quote was not doubled.
    @Test func aQuoteBeforeACombiningMarkIsDoubled() throws {
        let fields = ["a\"\u{301}b", "\"\u{656}tems"]
        #expect(try CSVReader.records(in: Array(CSVWriter.line(fields).utf8)).map(\.fields) == [fields])
    }

    // Found reading the fix above: a leading space followed by a combining mark is one
    // Character that is not " ", and the field was written bare (a reader that trims would
    // lose the space).
    @Test func aLeadingSpaceUnderACombiningMarkIsQuoted() {
        #expect(CSVWriter.line([" \u{301}x", "y"]) == "\" \u{301}x\",y\r\n")
    }

    // import-firefox-csv/crash-one-empty-field.csv: a record of one empty field was an empty
    // line, which reads as no record.
    @Test func aRecordOfOneEmptyFieldIsKept() throws {
        let written = CSVWriter.document(header: ["name"], rows: [[""], ["x"]])
        #expect(try CSVReader.records(in: Array(written.utf8)).map(\.fields) == [["name"], [""], ["x"]])
    }

    // import-pass/crash-empty-url-and-login.txt: `url:` and `login:` without a value gave an
    // empty URL and an empty username. (A field now needs `: `, so the lines have the space.)
    @Test func passLinesWithoutAValueGiveNoURLOrUsername() throws {
        let entry = try PassStoreImporter.entry("pw\nurl: \nlogin: \nuser: someone\n", name: "site", record: "file site.gpg", modified: importTime)
        #expect(entry.urls.isEmpty)
        #expect(entry.username == "someone")
        #expect(entry.fields.isEmpty)
    }

    // import-bitwarden-json/crash-favorite-not-first.json: Bitwarden's `favorite` came back
    // first, whatever the tags' order.
    @Test func tagsComeBackFromBitwardenInTheirOrder() throws {
        let entries = [Entry(name: "a", tags: ["x", "favorite"], created: importTime),
                       Entry(name: "b", tags: ["favorite", "favorite"], created: importTime),
                       Entry(name: "c", tags: ["favorite", "y"], created: importTime)]
        #expect(try roundTrip(entries, through: .bitwardenJSON, as: .bitwardenJSON).map(\.tags) == entries.map(\.tags))
    }

    // import-keepass-xml/crash-tag-with-spaces.xml: a tag `Tags` trims or drops came back
    // changed, as only tags holding a separator were carried in `vault tags`.
    @Test func tagsKeePassWouldTrimOrDropComeBackExactly() throws {
        let entries = [Entry(name: "a", tags: [" e "], created: importTime), Entry(name: "b", tags: ["", "f"], created: importTime)]
        let back = try roundTrip(entries, through: .keepassXML, as: .keepassXML)
        #expect(back.map(\.tags) == entries.map(\.tags))
        #expect(back.allSatisfy { $0.fields.isEmpty }, "the carried tags field is taken back")
    }

    // import-bitwarden-json/crash-expiry-one-digit-month.json and
    // crash-card-fields-empty-or-secret.json: a card's field went to Bitwarden's member of its
    // name even when the import would give it back otherwise (`9/2029` as `09/2029`, an empty
    // one not at all, a secret one not secret and the other way round).
    @Test func cardFieldsBitwardenWouldChangeStayCustomFields() throws {
        let fields = [CustomField(name: "expiry", value: "9/2029", secret: false), CustomField(name: "cardholder", value: "", secret: false),
                      CustomField(name: "number", value: "4111", secret: false), CustomField(name: "brand", value: "visa", secret: true)]
        let back = try #require(try roundTrip([Entry(name: "Visa", type: .card, fields: fields, created: importTime)],
                                              through: .bitwardenJSON, as: .bitwardenJSON).first)
        #expect(back.type == .card)
        #expect(back.fields == fields)
    }

    // import-bitwarden-json/crash-passkeys-spaced.json: a secret `passkeys` field holding a
    // JSON array of objects in other text than the import writes went to `fido2Credentials`
    // and came back rewritten.
    @Test func passkeysInOtherTextStayAField() throws {
        let field = CustomField(name: "passkeys", value: "[ {\"a\": 1.0} ]", secret: true)
        let back = try #require(try roundTrip([Entry(name: "p", fields: [field], created: importTime)],
                                              through: .bitwardenJSON, as: .bitwardenJSON).first)
        #expect(back.fields == [field])
    }
}
