import FoundationEssentials
import Testing
@testable import TLSAudit
import VaultCore
import VaultSystem

/// The `tls-pins` field: `HOST PRIMARY [BACKUP]` per line, read strictly and written back alike.
@Suite("TLS pins saved in an entry")
struct SavedPinsTests {
    static let pinA = PinRulesTests.pinA
    static let pinB = PinRulesTests.pinB
    static let pinC = PinRulesTests.pinC

    @Test("lines are parsed, hosts lower-cased and sorted, and the text written back is the canonical form")
    func roundTrip() throws {
        let pins = try SavedPins(parsing: "www.Example.com \(Self.pinA)  \(Self.pinB)\nlocalhost\tsha256/\(Self.pinC.dropFirst(8))\n")
        #expect(pins.hosts == [
            SavedPins.HostPins(host: "localhost", primary: Self.pinC, backup: nil),
            SavedPins.HostPins(host: "www.example.com", primary: Self.pinA, backup: Self.pinB),
        ])
        #expect(pins.text == "localhost \(Self.pinC)\nwww.example.com \(Self.pinA) \(Self.pinB)")
        #expect(try SavedPins(parsing: pins.text) == pins)
        #expect(pins["WWW.EXAMPLE.COM"]?.backup == Self.pinB)
    }

    @Test("saving a host replaces only its own line")
    func save() throws {
        var pins = try SavedPins(parsing: "a.example \(Self.pinA)\nb.example \(Self.pinB)")
        pins.save(SavedPins.HostPins(host: "B.example", primary: Self.pinC, backup: Self.pinA))
        #expect(pins.text == "a.example \(Self.pinA)\nb.example \(Self.pinC) \(Self.pinA)")
    }

    @Test("a malformed field says what is wrong on which line", arguments: [
        ("", "it is empty"),
        ("localhost", "line 1: expected HOST PRIMARY-PIN [BACKUP-PIN]"),
        ("localhost \(PinRulesTests.pinA) \(PinRulesTests.pinB) \(PinRulesTests.pinC)", "line 1: expected HOST PRIMARY-PIN [BACKUP-PIN]"),
        ("localhost \(PinRulesTests.pinA)\n\nother \(PinRulesTests.pinB)", "line 2: expected HOST PRIMARY-PIN [BACKUP-PIN]"),
        ("localhost sha256//tooshort", "line 1: 'sha256//tooshort' is not a pin (sha256//BASE64)"),
        ("localhost \(PinRulesTests.pinA) \(PinRulesTests.pinB)x", "line 1: '\(PinRulesTests.pinB)x' is not a pin (sha256//BASE64)"),
        ("*.example.com \(PinRulesTests.pinA)", "line 1: '*.example.com' is not a host name or IP address"),
        ("localhost \(PinRulesTests.pinA)\nLOCALHOST \(PinRulesTests.pinB)", "line 2: localhost is listed twice"),
    ])
    func malformed(text: String, reason: String) {
        #expect(throws: SavedPinsLineError(reason: reason)) { try SavedPins(parsing: text) }
    }

    @Test("an entry's field is read, none is no pins, and a malformed one is an error naming the entry")
    func ofEntry() throws {
        var entry = Entry(name: "web/site", created: Date())
        #expect(try SavedPins(of: entry).hosts.isEmpty)
        entry.setField(CustomField(name: SavedPins.fieldName, value: "localhost \(Self.pinA)", secret: false))
        #expect(try SavedPins(of: entry)["localhost"]?.primary == Self.pinA)
        entry.setField(CustomField(name: SavedPins.fieldName, value: "localhost nonsense", secret: false))
        #expect(throws: SavedPinsError.malformed(entry: "web/site", reason: "line 1: 'nonsense' is not a pin (sha256//BASE64)")) {
            try SavedPins(of: entry)
        }
    }
}
