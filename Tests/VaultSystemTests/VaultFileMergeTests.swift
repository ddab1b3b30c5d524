import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The merge of vault files as git's driver gets them: a copy under another master password is
/// opened with that one when it can be asked for and refused without touching ours when not, the listing of a version from before a passwd says so, and
/// entries sharing an id are refused rather than merged into one.
@Suite("Merging vault files")
struct VaultFileMergeTests {
    private func secret(_ text: String) throws -> SecureBytes {
        var bytes = Array(text.utf8)
        return try SecureBytes(consuming: &bytes)
    }

    private func unlocker(_ password: String) -> Unlocker {
        Unlocker(passwordSource: FixedPassword(text: password), keyCache: NoKeyCache())
    }

    /// Keys for a merge: `password` for ours, `other` (if any) asked for a copy under another.
    private func keys(_ password: String, other: String? = nil) -> VaultFileMerge.Keys {
        VaultFileMerge.Keys(ours: unlocker(password), otherPassword: other.map(unlocker))
    }

    /// A vault with one entry at `folder/name`, and a copy of it at `folder/copy`.
    private func vaultAndCopy(in folder: TemporaryFolder) throws -> (ours: String, theirs: String) {
        let ours = folder.path + "/ours.json", theirs = folder.path + "/theirs.json"
        let store = VaultStore(path: ours, origin: .ephemeral())
        try store.create(password: try secret("one"), kdf: .minimum, cipher: .xchacha20poly1305)
        try store.mutate(using: unlocker("one")) { try $0.put(Entry(name: "a", password: "x", created: Date().toTheSecond)) }
        try FileManager.default.copyItem(atPath: ours, toPath: theirs)
        return (ours, theirs)
    }

    @Test("a copy under another master password, with nobody to ask for it, is refused as such, ours left byte for byte, and listed as encrypted under other keys")
    func differentPasswords() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        try VaultStore(path: theirs, origin: .ephemeral()).rotateKeys(using: unlocker("one"), newPassword: { try self.secret("two") })
        let before = try Data(contentsOf: URL(fileURLWithPath: ours))
        #expect(throws: MergeError.differentPasswords) {
            try VaultFileMerge.merge(base: ours, ours: ours, theirs: theirs, keys: self.keys("one"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ours)) == before)
        #expect(try VaultListing.text(ofFile: theirs, using: unlocker("one")).contains("encrypted under other keys"))
        let listing = try VaultListing.text(ofFile: ours, using: unlocker("one"))
        #expect(listing.contains("a [login]") && listing.contains("  password: #") && !listing.contains("x\n"))
    }

    @Test("a copy under another master password is opened with that one: the result takes the newer keys, both sides' changes, and the password changed there")
    func otherPasswordAsked() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        let base = folder.path + "/base.json"
        try FileManager.default.copyItem(atPath: ours, toPath: base)
        try VaultStore(path: theirs, origin: .ephemeral()).rotateKeys(using: unlocker("one"), newPassword: { try self.secret("two") })
        try VaultStore(path: theirs, origin: .ephemeral()).mutate(using: unlocker("two")) { try $0.put(Entry(name: "theirs", password: "t", created: Date().toTheSecond)) }
        try VaultStore(path: ours, origin: .ephemeral()).mutate(using: unlocker("one")) { try $0.put(Entry(name: "ours", password: "o", created: Date().toTheSecond)) }

        #expect(throws: MergeError.otherPasswordWrong) {
            try VaultFileMerge.merge(base: base, ours: ours, theirs: theirs, keys: self.keys("one", other: "three"))
        }
        let merged = try VaultFileMerge.merge(
            base: try AtomicFile.read(base), ours: try AtomicFile.read(ours), theirs: try AtomicFile.read(theirs), keys: keys("one", other: "two"))
        #expect(merged.tookTheirKeys && merged.report.added == ["theirs"])
        try merged.bytes.withUnsafeBytes { try AtomicFile.write($0, to: ours) }
        #expect(try VaultStore(path: ours, origin: .ephemeral()).open(using: unlocker("two")).entries.names == ["a", "ours", "theirs"])
        #expect(throws: VaultOpenError.wrongPassword) { try VaultStore(path: ours, origin: .ephemeral()).open(using: self.unlocker("one")) }
    }

    @Test("git's driver refuses a merge across a rekey that would keep an attachment sealed under the older keys, and changes nothing")
    func attachmentUnderOlderKeysRefused() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        let base = try AtomicFile.read(ours)
        try VaultStore(path: theirs, origin: .ephemeral()).rotateKeys(using: unlocker("one"), newPassword: nil)
        try VaultStore(path: ours, origin: .ephemeral()).mutateWithAttachments(using: unlocker("one")) { table, storage in
            var entry = try #require(try table.entry(named: "a"))
            let id = try Array("codes".utf8).withUnsafeBytes { try storage.store($0) }
            entry.setAttachment(Attachment(name: "codes.txt", content: id, size: 5, type: "text/plain", added: Date().toTheSecond))
            try table.put(entry)
        }
        let before = try AtomicFile.read(ours)
        #expect(throws: MergeError.attachmentsUnderOlderKeys) {
            try VaultFileMerge.merge(base: base, ours: before, theirs: try AtomicFile.read(theirs), keys: self.keys("one"))
        }
        #expect(try AtomicFile.read(ours) == before)
    }

    @Test("an ancestor under keys neither copy has (both changed their password since) is left out, and the copies merge by stamps")
    func ancestorUnderOtherKeys() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        let base = folder.path + "/base.json"
        try FileManager.default.copyItem(atPath: ours, toPath: base)
        try VaultStore(path: ours, origin: .ephemeral()).rotateKeys(using: unlocker("one"), newPassword: { try self.secret("two") })
        try VaultStore(path: theirs, origin: .ephemeral()).rotateKeys(using: unlocker("one"), newPassword: { try self.secret("two") })
        try VaultStore(path: theirs, origin: .ephemeral()).mutate(using: unlocker("two")) { _ = try $0.remove(named: "a") }
        let report = try VaultFileMerge.merge(base: base, ours: ours, theirs: theirs, keys: keys("two"))
        #expect(report.removed == ["a"])
        #expect(try VaultStore(path: ours, origin: .ephemeral()).open(using: unlocker("two")).entries.names.isEmpty)
    }

    @Test("entries sharing an id are refused rather than merged into one, and ours is left as it was")
    func duplicateIDs() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        let id = Entry.newID()
        try VaultStore(path: theirs, origin: .ephemeral()).mutate(using: unlocker("one")) { table in
            try table.put(Entry(name: "b", password: "y", created: Date().toTheSecond, id: id))
            try table.put(Entry(name: "c", password: "z", created: Date().toTheSecond, id: id))
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: ours))
        #expect(throws: VaultOpenError.malformedPayload("two entries have the same id")) {
            try VaultFileMerge.merge(base: ours, ours: ours, theirs: theirs, keys: self.keys("one"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ours)) == before)
    }

    @Test("an empty ancestor counts as none, and the result is written over ours")
    func emptyAncestor() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        try VaultStore(path: theirs, origin: .ephemeral()).mutate(using: unlocker("one")) { try $0.put(Entry(name: "b", password: "y", created: Date().toTheSecond)) }
        let empty = folder.path + "/empty"
        FileManager.default.createFile(atPath: empty, contents: Data())
        let report = try VaultFileMerge.merge(base: empty, ours: ours, theirs: theirs, keys: keys("one"))
        #expect(report.added == ["b"])
        #expect(try VaultStore(path: ours, origin: .ephemeral()).open(using: unlocker("one")).entries.names == ["a", "b"])
    }

    @Test("a HOTP counter set back on one side only stays set back (the ancestor shows who changed it)")
    func hotpResyncOnOneSide() throws {
        let uri = { (counter: Int) in "otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&counter=\(counter)" }
        let stamp = Stamp(milliseconds: 1_000, device: "cccccccccccccccc")
        let base = Entry(name: "otp", created: Date(timeIntervalSince1970: 1), otp: uri(7), clocks: ["otp": stamp])
        var reset = base
        reset.otp = uri(1)
        reset.clocks["otp"] = Stamp(milliseconds: 2_000, device: "aaaaaaaaaaaaaaaa")
        let copy = { (entries: [Entry]) in VaultMerge.Copy(entries: entries, state: VaultState()) }
        let (result, report) = VaultMerge.merge(base: copy([base]), ours: copy([base]), theirs: copy([reset]))
        #expect(result.entries[0].otp == uri(1) && report.conflicts.isEmpty)
    }

    @Test("the listing's fingerprints are keyed by entry and part: a reused password and a password equal to the username differ, and a part keeps its fingerprint until its value changes")
    func fingerprintsByPlace() throws {
        let folder = try TemporaryFolder()
        let (ours, _) = try vaultAndCopy(in: folder)
        try VaultStore(path: ours, origin: .ephemeral()).mutate(using: unlocker("one")) { table in
            try table.put(Entry(name: "b", username: "x", password: "x", created: Date().toTheSecond))
        }
        let fingerprints = { () throws -> [String] in
            try VaultListing.text(ofFile: ours, using: self.unlocker("one")).split(separator: "\n")
                .filter { $0.hasPrefix("  username: #") || $0.hasPrefix("  password: #") }.map(String.init)
        }
        // a's password, b's username and b's password all hold "x".
        let before = try fingerprints()
        #expect(before.count == 3)
        #expect(Set(before.map { $0.split(separator: "#").last! }).count == 3, "\(before)")
        try VaultStore(path: ours, origin: .ephemeral()).mutate(using: unlocker("one")) { table in
            var b = try #require(try table.entry(named: "b"))
            b.password = "y"
            try table.put(b)
        }
        let after = try fingerprints()
        #expect(after[0] == before[0] && after[1] == before[1] && after[2] != before[2], "\(before) \(after)")
    }
}
