import Foundation
import Testing
@testable import VaultKit

/// The merge of vault files as git's driver gets them: copies whose passwords differ are
/// refused without touching ours, the listing of a version from before a passwd says so, and
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

    /// A vault with one entry at `folder/name`, and a copy of it at `folder/copy`.
    private func vaultAndCopy(in folder: TemporaryFolder) throws -> (ours: String, theirs: String) {
        let ours = folder.path + "/ours.json", theirs = folder.path + "/theirs.json"
        let store = VaultStore(path: ours)
        try store.create(password: try secret("one"), kdf: .minimum, cipher: .xchacha20poly1305)
        try store.mutate(using: unlocker("one")) { try $0.put(Entry(name: "a", password: "x", created: Date().toTheSecond)) }
        try FileManager.default.copyItem(atPath: ours, toPath: theirs)
        return (ours, theirs)
    }

    @Test("a copy under another master password is refused as such, ours left byte for byte, and listed as encrypted under other keys")
    func differentPasswords() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        try VaultStore(path: theirs).rotateKeys(using: unlocker("one"), newPassword: { try self.secret("two") })
        let before = try Data(contentsOf: URL(fileURLWithPath: ours))
        #expect(throws: MergeError.differentPasswords) {
            try VaultFileMerge.merge(base: ours, ours: ours, theirs: theirs, using: self.unlocker("one"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ours)) == before)
        #expect(try VaultListing.text(ofFile: theirs, using: unlocker("one")).contains("encrypted under other keys"))
        let listing = try VaultListing.text(ofFile: ours, using: unlocker("one"))
        #expect(listing.contains("a [login]") && listing.contains("  password: #") && !listing.contains("x\n"))
    }

    @Test("entries sharing an id are refused rather than merged into one, and ours is left as it was")
    func duplicateIDs() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        let id = Entry.newID()
        try VaultStore(path: theirs).mutate(using: unlocker("one")) { table in
            try table.put(Entry(name: "b", password: "y", created: Date().toTheSecond, id: id))
            try table.put(Entry(name: "c", password: "z", created: Date().toTheSecond, id: id))
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: ours))
        #expect(throws: VaultOpenError.malformedPayload("two entries have the same id")) {
            try VaultFileMerge.merge(base: ours, ours: ours, theirs: theirs, using: self.unlocker("one"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ours)) == before)
    }

    @Test("an empty ancestor counts as none, and the result is written over ours")
    func emptyAncestor() throws {
        let folder = try TemporaryFolder()
        let (ours, theirs) = try vaultAndCopy(in: folder)
        try VaultStore(path: theirs).mutate(using: unlocker("one")) { try $0.put(Entry(name: "b", password: "y", created: Date().toTheSecond)) }
        let empty = folder.path + "/empty"
        FileManager.default.createFile(atPath: empty, contents: Data())
        let report = try VaultFileMerge.merge(base: empty, ours: ours, theirs: theirs, using: unlocker("one"))
        #expect(report.added == ["b"])
        #expect(try VaultStore(path: ours).open(using: unlocker("one")).entries.names == ["a", "b"])
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
}
