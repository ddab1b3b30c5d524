import Foundation
import Testing
@testable import VaultCore

/// What the fuzz targets of Fuzz/ found in the domain (VaultCore), each kept as a test that failed before its
/// fix (the inputs are in Fuzz/seeds/<target>/crash-*, described in each folder's README).
@Suite("Fuzz findings: merge")
struct MergeFuzzFindingsTests {
    private static let created = Date(timeIntervalSince1970: 1_700_000_000)

    /// `copy` after one command on `device` at `seconds`, written and read back as the store does.
    private func changed(_ copy: VaultMerge.Copy, on device: String, at seconds: Double, _ body: (EntryTable) throws -> Void) throws -> VaultMerge.Copy {
        let table = try EntryTable(entries: copy.entries, state: copy.state)
        try table.beginChange(origin: ChangeOrigin(device: { device }, now: { Date(timeIntervalSince1970: seconds) }))
        try body(table)
        let reread = try EntryTable(content: try table.serialized())
        return VaultMerge.Copy(entries: try reread.allEntries(), state: reread.state)
    }

    private func edit(_ name: String, in table: EntryTable, _ body: (inout Entry) -> Void) throws {
        var entry = try #require(try table.entry(named: name))
        body(&entry)
        try table.put(entry)
    }

    private static let empty = VaultMerge.Copy(entries: [], state: VaultState())

    @Test("two entries of a name of the longest length: the one renamed gets a name that is still valid (crash-long-name-numbered)")
    func numberedLongName() throws {
        let name = String(repeating: "L", count: EntryName.maximumLength)
        let ours = try changed(Self.empty, on: "aaaaaaaaaaaaaaaa", at: 1_700_000_100) { try $0.put(Entry(name: name, password: "a", created: Self.created)) }
        let theirs = try changed(Self.empty, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_200) { try $0.put(Entry(name: name, password: "b", created: Self.created)) }
        let (result, report) = VaultMerge.merge(base: Self.empty, ours: ours, theirs: theirs)
        let renamed = String(repeating: "L", count: EntryName.maximumLength - 4) + " (2)"
        #expect(result.entries.map(\.name) == [renamed, name])
        for entry in result.entries { #expect(throws: Never.self) { try EntryName.validate(entry.name) } }
        #expect(report.conflicts == [.sameName(name: name, renamedTo: renamed)])
    }

    @Test("a copy whose entries predate stamps, merged with itself, is itself: no stamps are made up (crash-unstamped-self-merge)")
    func unstampedSelfMerge() {
        let old = Entry(name: "old", password: "p", created: Self.created, id: Entry.legacyID(name: "old", created: Self.created))
        let copy = VaultMerge.Copy(entries: [old], state: VaultState())
        let result = VaultMerge.merge(base: copy, ours: copy, theirs: copy).result
        #expect(result.entries == copy.entries)
        #expect(result.state == copy.state)
    }

    @Test("an edit of an entry older than stamps, on a clock behind its time, moves the vault's clock past the times it keeps (crash-clock-behind-old-time)")
    func clockPassesKeptTimes() throws {
        let old = Entry(name: "old", password: "p", created: Self.created, id: Entry.legacyID(name: "old", created: Self.created))
        let copy = try changed(VaultMerge.Copy(entries: [old], state: VaultState()), on: "aaaaaaaaaaaaaaaa", at: 1_699_999_000) { table in
            try edit("old", in: table) { $0.username = "u" }
        }
        let clock = try #require(copy.state.clock)
        #expect(copy.entries[0].clocks.values.allSatisfy { $0 <= clock })
        // So the copy merged with itself is itself.
        let result = VaultMerge.merge(base: copy, ours: copy, theirs: copy).result
        #expect(result.state == copy.state && result.entries == copy.entries)
    }

    @Test("an edit that beat a removal stays when the side that removed the entry merges next (crash-edit-beat-removal-undone)")
    func editBeatsRemovalForGood() throws {
        let base = try changed(Self.empty, on: "cccccccccccccccc", at: 1_700_000_000) { table in
            try table.put(Entry(name: "e", password: "e-1", created: Self.created))
            try table.put(Entry(name: "f", password: "f-1", created: Self.created))
        }
        let laptop = try changed(base, on: "aaaaaaaaaaaaaaaa", at: 1_700_000_100) { try edit("e", in: $0) { $0.username = "kept" } }
        let desktop = try changed(base, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_200) { try $0.remove(named: "e") }
        // The laptop syncs: the edit beats the removal.
        let merged = VaultMerge.merge(base: base, ours: laptop, theirs: desktop).result
        #expect(merged.entries.map(\.name) == ["e", "f"])
        // The desktop changes something else, then syncs: its last copy is the ancestor.
        let later = try changed(desktop, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_300) { try edit("f", in: $0) { $0.notes = "n" } }
        for (ours, theirs) in [(later, merged), (merged, later)] {
            let result = VaultMerge.merge(base: desktop, ours: ours, theirs: theirs).result
            #expect(result.entries.map(\.name) == ["e", "f"])
            #expect(result.entries.first?.username == "kept" && result.entries.last?.notes == "n")
            #expect(result.state.deleted.isEmpty)
        }
    }

    @Test("a losing password dated the second of a history item goes where a later merge puts it, so that merge changes nothing (crash-history-tie-order)")
    func losingPasswordOrder() throws {
        let base = try changed(Self.empty, on: "cccccccccccccccc", at: 1_700_000_000) { try $0.put(Entry(name: "e", password: "p0", created: Self.created)) }
        let ours = try changed(base, on: "aaaaaaaaaaaaaaaa", at: 1_700_002_000) { table in
            try edit("e", in: table) { $0.changePassword(to: "a", at: Date(timeIntervalSince1970: 1_700_002_000)) }
        }
        let theirs = try changed(base, on: "bbbbbbbbbbbbbbbb", at: 1_700_003_000) { table in
            try edit("e", in: table) { $0.changePassword(to: "y", at: Date(timeIntervalSince1970: 1_700_003_000)) }
        }
        let merged = VaultMerge.merge(base: base, ours: ours, theirs: theirs).result
        #expect(merged.entries[0].password == "y" && Set(merged.entries[0].history.map(\.password)) == ["p0", "a"])
        let again = VaultMerge.merge(base: theirs, ours: merged, theirs: theirs).result
        #expect(again.entries[0].history == merged.entries[0].history)
    }

    @Test("fields reordered on one side only (an import over the entry) keep that order, whichever side merges (crash-field-order-lost)")
    func oneSidedFieldOrder() throws {
        let fields = [CustomField(name: "code", value: "1", secret: true), CustomField(name: "f", value: "2", secret: false)]
        let base = try changed(Self.empty, on: "cccccccccccccccc", at: 1_700_000_000) { try $0.put(Entry(name: "e", fields: fields, created: Self.created)) }
        let ours = try changed(base, on: "aaaaaaaaaaaaaaaa", at: 1_700_000_100) { try edit("e", in: $0) { $0.fields.reverse() } }
        let theirs = try changed(base, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_200) { try edit("e", in: $0) { $0.notes = "n" } }
        for (mine, other) in [(ours, theirs), (theirs, ours), (ours, base)] {
            let result = VaultMerge.merge(base: base, ours: mine, theirs: other).result
            #expect(result.entries[0].fields.map(\.name) == ["f", "code"])
        }
    }

    @Test("a password one side retired twice keeps both changes in the merged history, so a merge again adds nothing (crash-history-reuse-lost)")
    func passwordRetiredTwice() throws {
        let at = { (seconds: Double) in Date(timeIntervalSince1970: 1_700_000_000 + seconds) }
        let base = try changed(Self.empty, on: "cccccccccccccccc", at: 1_700_000_000) { table in
            try table.put(Entry(name: "e", password: "v0", created: Self.created, history: [PasswordChange(password: "v1", replaced: at(0))]))
        }
        let ours = try changed(base, on: "aaaaaaaaaaaaaaaa", at: 1_700_000_058) { try edit("e", in: $0) { $0.removePassword(at: at(58)) } }
        var theirs = try changed(base, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_031) { try edit("e", in: $0) { $0.changePassword(to: "v1", at: at(31)) } }
        theirs = try changed(theirs, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_040) { try edit("e", in: $0) { $0.removePassword(at: at(40)) } }
        let merged = VaultMerge.merge(base: base, ours: ours, theirs: theirs).result
        let history = merged.entries[0].history
        #expect(history == [PasswordChange(password: "v1", replaced: at(0)), PasswordChange(password: "v0", replaced: at(31)), PasswordChange(password: "v1", replaced: at(40))])
        let again = VaultMerge.merge(base: theirs, ours: merged, theirs: theirs).result
        #expect(again.entries[0].history == history)
    }

    @Test("a history holding a change twice (a password retired twice in one second) is joined the same whichever side merges")
    func historyCountedNotSet() throws {
        let second = Date(timeIntervalSince1970: 1_700_000_005)
        let base = try changed(Self.empty, on: "cccccccccccccccc", at: 1_700_000_000) { try $0.put(Entry(name: "e", password: "p", created: Self.created)) }
        var theirs = base
        for password in ["q", "p"] {
            theirs = try changed(theirs, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_005) { try edit("e", in: $0) { $0.changePassword(to: password, at: second) } }
        }
        let ours = try changed(theirs, on: "aaaaaaaaaaaaaaaa", at: 1_700_000_005) { try edit("e", in: $0) { $0.changePassword(to: "q", at: second) } }
        #expect(ours.entries[0].history.count == 3 && theirs.entries[0].history.count == 2)
        let merged = VaultMerge.merge(base: base, ours: ours, theirs: theirs).result
        let swapped = VaultMerge.merge(base: base, ours: theirs, theirs: ours).result
        #expect(merged.entries[0].history == ours.entries[0].history)
        #expect(swapped.entries == merged.entries)
    }

    @Test("a part equal on both sides takes the later stamp a side has, not an unstamped part's stand-in from a later modified (crash-stand-in-stamp-wins)")
    func standInStampDoesNotWin() {
        let device = "bbbbbbbbbbbbbbbb"
        var stamped = Entry(name: "e", type: .identity, created: Self.created)
        for part in EntryPart.all(stamped, stamped) { stamped.clocks[part] = Stamp(milliseconds: 1_700_000_025_410, device: device) }
        // Ours removed a field `pin` (its removal stamped); theirs never had it, and an edit
        // that changed nothing moved its `modified` past that stamp.
        var ours = stamped
        ours.clocks["field:pin"] = Stamp(milliseconds: 1_700_000_025_410, counter: 5, device: device)
        var theirs = stamped
        theirs.modified = Date(timeIntervalSince1970: 1_700_000_031)
        let copy = { (entry: Entry) in VaultMerge.Copy(entries: [entry], state: VaultState()) }
        let merged = VaultMerge.merge(base: copy(theirs), ours: copy(ours), theirs: copy(theirs)).result
        #expect(merged.entries[0].clocks == ours.clocks)
        #expect(VaultMerge.merge(base: nil, ours: copy(theirs), theirs: copy(theirs)).result.entries[0].clocks == theirs.clocks)
    }

    @Test("two histories of the same changes in different orders (a clock set back on one side) are joined the same whichever side merges")
    func historiesInOtherOrders() {
        let at = { (seconds: Double) in Date(timeIntervalSince1970: 1_700_000_000 + seconds) }
        let changes = [PasswordChange(password: "v0", replaced: at(0)), PasswordChange(password: "v1", replaced: at(5)), PasswordChange(password: "v0", replaced: at(10))]
        var ours = Entry(name: "e", password: "v2", created: Self.created, history: changes)
        ours.clocks["password"] = Stamp(milliseconds: 1_700_000_020_000, device: "aaaaaaaaaaaaaaaa")
        var theirs = ours
        theirs.history.reverse()
        let copy = { (entry: Entry) in VaultMerge.Copy(entries: [entry], state: VaultState()) }
        let merged = VaultMerge.merge(base: nil, ours: copy(ours), theirs: copy(theirs)).result
        let swapped = VaultMerge.merge(base: nil, ours: copy(theirs), theirs: copy(ours)).result
        #expect(merged.entries[0].history == changes)
        #expect(swapped.entries == merged.entries)
    }

    @Test("without an ancestor, a tombstone removes the entry when it is at or after every stamp the entry has, and an entry stamped later stays",
          arguments: [(1_700_000_010_000, false), (1_700_000_005_000, true)])
    func tombstoneWithoutAncestor(removedAt: Int64, stays: Bool) {
        var entry = Entry(name: "e", password: "p", created: Self.created)
        entry.clocks["password"] = Stamp(milliseconds: 1_700_000_008_000, device: "aaaaaaaaaaaaaaaa")
        let tombstone = Tombstone(id: entry.id, name: "e", deleted: Stamp(milliseconds: removedAt, device: "bbbbbbbbbbbbbbbb"))
        let ours = VaultMerge.Copy(entries: [entry], state: VaultState())
        var removed = VaultState()
        removed.deleted = [tombstone]
        let merged = VaultMerge.merge(base: nil, ours: ours, theirs: VaultMerge.Copy(entries: [], state: removed)).result
        #expect(merged.entries.map(\.id) == (stays ? [entry.id] : []))
        #expect(merged.state.deleted == (stays ? [] : [tombstone]))
    }

    @Test("passwords the same but for their code points (é composed or not) are two values: the later wins and the other goes into the history, whichever side merges")
    func passwordsComparedByBytes() throws {
        let (composed, decomposed) = ("v\u{E9}", "ve\u{301}")
        let base = try changed(Self.empty, on: "cccccccccccccccc", at: 1_700_000_000) { try $0.put(Entry(name: "e", password: "x", created: Self.created)) }
        let ours = try changed(base, on: "aaaaaaaaaaaaaaaa", at: 1_700_000_010) { try edit("e", in: $0) { $0.changePassword(to: composed, at: Date(timeIntervalSince1970: 1_700_000_010)) } }
        let theirs = try changed(base, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_020) { try edit("e", in: $0) { $0.changePassword(to: decomposed, at: Date(timeIntervalSince1970: 1_700_000_020)) } }
        let bytes = { (entry: Entry) in try EntryLine.encode(entry).withUnsafeBytes { Array($0) } }
        let merged = VaultMerge.merge(base: base, ours: ours, theirs: theirs).result.entries[0]
        let swapped = VaultMerge.merge(base: base, ours: theirs, theirs: ours).result.entries[0]
        #expect(Array(try #require(merged.password).utf8) == Array(decomposed.utf8))
        #expect(merged.history.contains { Array($0.password.utf8) == Array(composed.utf8) })
        #expect(try bytes(merged) == bytes(swapped))
        // A change of the bytes alone is a change, stamped.
        let respelled = try changed(theirs, on: "bbbbbbbbbbbbbbbb", at: 1_700_000_030) { try edit("e", in: $0) { $0.password = composed } }
        #expect(respelled.entries[0].clocks["password"] != theirs.entries[0].clocks["password"])
    }

    @Test("two entries named with one character too long for the suffix (a letter under hundreds of marks): the renamed one keeps a valid name")
    func numberedSingleCharacterName() throws {
        let name = "e" + String(repeating: "\u{301}", count: 255)
        let normalized = try EntryName.normalized(name)
        #expect(normalized.count == 1 && normalized.utf8.count > EntryName.maximumLength - 4)
        let renamed = VaultMerge.numbered(normalized, 2)
        #expect(try EntryName.normalized(renamed) == renamed)
        #expect(renamed.unicodeScalars.first == "\u{E9}" && renamed.hasSuffix(" (2)") && renamed.utf8.count <= EntryName.maximumLength)
    }
}

@Suite("Fuzz findings: export, one-time passwords")
struct ReaderFuzzFindingsTests {
    @Test("change stamps in a backup are not imported: an import is a change of its own (crash-stamps-imported.json)")
    func importedStampsDropped() throws {
        let text = #"{"format": "vault-export", "version": 3, "entries": [{"name": "web/a", "password": "p", "created": "2024-01-31T12:00:00Z", "clock": {"password": "253402300799999-0-0123456789abcdef"}}]}"#
        let entries = try ExportReader.entries(from: Data(text.utf8))
        #expect(entries.count == 1 && entries[0].entry.clocks.isEmpty)
        // So the entries export and read back as themselves.
        let again = try ExportReader.entries(from: try ExportDocument(entries: entries, exported: Date(timeIntervalSince1970: 0)).encoded())
        #expect(again == entries)
    }

    @Test("a date past the year 9999 is refused when read, not found unwritable at the import's write (crash-year-past-9999.json)")
    func yearPast9999() {
        let text = #"{"format": "vault-export", "version": 3, "entries": [{"name": "web/a", "created": "20261-1-25T05:30:00Z"}]}"#
        #expect {
            _ = try ExportReader.entries(from: Data(text.utf8))
        } throws: { error in
            guard case ImportError.invalidEntry(0, "web/a", let why) = error else { return false }
            return why.hasPrefix("field created: ")
        }
    }

    @Test("an account holding a colon, without an issuer, renders to a URI that reads back the same (crash-account-colon-no-issuer)")
    func accountWithColon() throws {
        let otp = try OTPAuthURI.parse("otpauth://totp/:ACME%20Co:john?secret=JBSWY3DPEHPK3PXP")
        #expect(otp.issuer == nil && otp.account == "ACME Co:john")
        let uri = OTPAuthURI.render(otp)
        #expect(try OTPAuthURI.parse(uri) == otp)
        #expect(OTPAuthURI.render(try OTPAuthURI.parse(uri)) == uri)
    }

    @Test("an account after spaces reads without them, wherever the label puts it",
          arguments: ["otpauth://totp/%20john?secret=JBSWY3DPEHPK3PXP&issuer=ACME", "otpauth://totp/ACME:%20john?secret=JBSWY3DPEHPK3PXP",
                      "otpauth://totp/%20%20john?secret=JBSWY3DPEHPK3PXP"])
    func accountAfterSpaces(uri: String) throws {
        #expect(try OTPAuthURI.parse(uri).account == "john")
    }

    @Test("an issuer ending in a character that joins the next (U+0600) is matched by its bytes: the account keeps its first letter")
    func issuerEndingInAPrependCharacter() throws {
        let otp = try OTPAuthURI.parse("otpauth://totp/%D8%80:john?secret=JBSWY3DPEHPK3PXP&issuer=%D8%80")
        #expect(otp.issuer == "\u{600}" && otp.account == "john")
        let uri = OTPAuthURI.render(otp)
        #expect(try OTPAuthURI.parse(uri) == otp)
        #expect(OTPAuthURI.render(try OTPAuthURI.parse(uri)) == uri)
    }

    @Test("an account starting with spaces renders without them, as it reads back (crash-space-colon-account.xml)",
          arguments: [(nil, " x:y", ":x%3Ay"), ("ACME", "  john", "ACME:john"), (nil, " john", "john")])
    func accountLeadingSpaces(issuer: String?, account: String, label: String) throws {
        var otp = OneTimePassword(secret: Array("12345678901234567890".utf8))
        otp.issuer = issuer
        otp.account = account
        let uri = OTPAuthURI.render(otp)
        #expect(uri.hasPrefix("otpauth://totp/\(label)?"))
        #expect(OTPAuthURI.render(try OTPAuthURI.parse(uri)) == uri)
    }
}
