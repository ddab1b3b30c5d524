import Foundation
import Testing
@testable import Interchange
import VaultCore
import VaultSystem

/// Bitwarden JSON written by vault and read back by vault's own importer: custom fields under
/// names the import gives a meaning (`passkeys`, the carried fields) come back as they were, and
/// passkeys an import kept go back to Bitwarden's own member.
struct BitwardenJSONExporterTests {
    private let created = Date(timeIntervalSince1970: 1_500_000_000)

    /// The exported document, decoded.
    private func export(_ entries: [Entry]) throws -> BitwardenExport {
        try JSONDecoder().decode(BitwardenExport.self, from: Data(try Exporter.render(entries, as: .bitwardenJSON, exported: importTime, contents: { _ in [] })))
    }

    /// The entries after a bitwarden-json export and import.
    private func roundTrip(_ entries: [Entry]) throws -> [Entry] {
        let bytes = try Exporter.render(entries, as: .bitwardenJSON, exported: importTime, contents: { _ in [] })
        return try Importer.read(bytes, format: .bitwardenJSON, now: importTime).entries
    }

    /// A login called `name` with these fields.
    private func login(_ name: String, fields: [CustomField]) -> Entry {
        Entry(name: name, password: "pw", fields: fields, tags: ["favorite", "a,b"], created: created)
    }

    @Test func fieldsUnderClaimedNamesComeBackAsFields() throws {
        let names = ["vault type", "vault tags", "vault field: kept", "Colour"]
        let awkward = login("Web/Awkward", fields: names.enumerated().map { CustomField(name: $1, value: "value \($0)", secret: $0 % 2 == 0) })
        let empty = login("Empty passkeys", fields: [CustomField(name: "passkeys", value: "[]", secret: false)])
        let numbers = login("Number passkeys", fields: [CustomField(name: "passkeys", value: "[1, 2]", secret: false)])
        let secretNumbers = login("Secret numbers", fields: [CustomField(name: "passkeys", value: "[1, 2]", secret: true)])
        let entries = [awkward, empty, numbers, secretNumbers]
        let back = try roundTrip(entries)
        #expect(back.map(\.name) == entries.map(\.name))
        for (original, read) in zip(entries, back) {
            #expect(read.fields == original.fields, "\(original.name)")
            #expect(read.tags == original.tags && read.type == .login, "\(original.name)")
        }
        let items = try #require(try export(entries).items)
        #expect(items.allSatisfy { $0.login?.fido2Credentials == nil }, "no field that is not an imported passkey is moved")
        #expect(items[1].fields?.map(\.name) == ["vault field: passkeys", "vault tags"])
    }

    // What the import makes of Bitwarden's fido2Credentials goes back there, and comes back.
    @Test func importedPasskeysGoBackToBitwarden() throws {
        let passkeys = #"[{"credentialId":"abc","keyValue":"PRIVATEKEYDATA","rpId":"github.com"}]"#
        let entry = login("GitHub", fields: [CustomField(name: "passkeys", value: passkeys, secret: true)])
        let item = try #require(try export([entry]).items?.first)
        #expect(item.login?.fido2Credentials?.count == 1 && item.fields?.map(\.name) == ["vault tags"])
        #expect(try roundTrip([entry]).first?.fields == entry.fields)
    }
}
