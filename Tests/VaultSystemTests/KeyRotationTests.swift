import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// Rotation replaces every key, the payload is bound to the whole header, and an unlocker made
/// for re-authentication never takes a key from the cache.
struct KeyRotationTests {
    /// A cache in memory, standing in for the keyring.
    final class MemoryKeyCache: KeyCache {
        var keys: [String: SecureBytes] = [:]
        func lookup(vaultID: String) -> SecureBytes? { keys[vaultID] }
        func store(_ key: SecureBytes, vaultID: String, label: String) { keys[vaultID] = key }
        func remove(vaultID: String) { keys[vaultID] = nil }
    }

    /// A password source with nobody to ask, like a script without a password file.
    struct NobodyToAsk: PasswordSource {
        func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes { throw InputError.locked }
    }

    private func secret(_ text: String) throws -> SecureBytes {
        try FixedPassword(text: text).masterPassword(prompt: "", confirm: false)
    }

    /// A new vault with one entry, and the unlocker that made it.
    private func vault(in folder: TemporaryFolder, cache: KeyCache = NoKeyCache()) throws -> VaultStore {
        let store = VaultStore(path: folder.path + "/vault.json", origin: .ephemeral())
        try store.create(password: try secret("one"), kdf: .minimum, cipher: .xchacha20poly1305)
        try store.mutate(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: cache)) {
            try $0.put(Entry(name: "a", password: "x", created: Date().toTheSecond))
        }
        return store
    }

    private func dataKey(of path: String, password: String) throws -> SecureBytes {
        let envelope = try Envelope.parse(AtomicFile.read(path))
        return try Unlocker(passwordSource: FixedPassword(text: password), keyCache: NoKeyCache())
            .keys(for: envelope, label: "test", cacheGuard: unguarded).dataKey
    }

    @Test("a read of entries with their contents, overtaken by a rekey before a content is opened, is made again on the new file")
    func contentsReadAgainAfterARekey() throws {
        let folder = try TemporaryFolder()
        let store = try vault(in: folder)
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache(), reauthentication: "testing")
        try store.mutateWithAttachments(using: unlocker) { table, storage in
            var entry = try #require(try table.entry(named: "a"))
            let content = Array("recovery codes".utf8)
            let id = try content.withUnsafeBytes { try storage.store($0) }
            entry.setAttachment(Attachment(name: "codes.txt", content: id, size: content.count, type: "text/plain", added: Date().toTheSecond))
            try table.put(entry)
        }
        var reads = 0
        let opened = try store.open(using: unlocker) { vault, storage in
            reads += 1
            let attachment = try #require(try vault.entries.entry(named: "a")?.attachments.first)
            if reads == 1 { try store.rotateKeys(using: unlocker, newPassword: nil) }
            return String(decoding: try storage.open(attachment).withUnsafeBytes { Array($0) }, as: UTF8.self)
        }
        #expect(opened == "recovery codes" && reads == 2)
    }

    @Test(arguments: [true, false]) func rotationReplacesEveryKey(newPassword: Bool) throws {
        let folder = try TemporaryFolder()
        let store = try vault(in: folder)
        let before = try Envelope.parse(AtomicFile.read(store.path))
        let oldDataKey = try dataKey(of: store.path, password: "one")
        let cache = MemoryKeyCache()
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: cache, reauthentication: "testing")
        let two: (() throws -> SecureBytes)? = newPassword ? { try self.secret("two") } : nil
        try store.rotateKeys(using: unlocker, newPassword: two)

        let after = try Envelope.parse(AtomicFile.read(store.path))
        #expect(after.id == before.id)
        #expect(after.salt != before.salt)
        #expect(after.body != before.body)
        #expect(throws: VaultOpenError.tampered) { try after.openTable(dataKey: oldDataKey) }
        let current = newPassword ? "two" : "one"
        let newDataKey = try dataKey(of: store.path, password: current)
        #expect(!newDataKey.constantTimeEquals(oldDataKey))
        let reopened = try store.open(using: Unlocker(passwordSource: FixedPassword(text: current), keyCache: NoKeyCache()))
        #expect(try reopened.entries.entry(named: "a")?.password == "x")
        if newPassword {
            #expect(throws: VaultOpenError.wrongPassword) {
                try store.open(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache()))
            }
        }
        // The cache holds the new key, which opens the vault without a password.
        let fromCache = try store.open(using: Unlocker(passwordSource: NobodyToAsk(), keyCache: cache))
        #expect(fromCache.entries.count == 1)
    }

    @Test func aPayloadDoesNotOpenUnderAHeaderRewrappedAroundTheSameDataKey() throws {
        let folder = try TemporaryFolder()
        let store = try vault(in: folder)
        var envelope = try Envelope.parse(AtomicFile.read(store.path))
        let keys = try Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache()).keys(for: envelope, label: "t", cacheGuard: unguarded)
        // What version 1's `passwd` did: a new salt and wrap around the same data key.
        envelope.salt = try Sodium.randomBytes(Argon2id.saltLength)
        try envelope.wrap(dataKey: keys.dataKey, with: Argon2id.deriveKey(password: secret("two"), salt: envelope.salt, parameters: envelope.kdf))
        #expect(throws: VaultOpenError.tampered) { try envelope.openTable(dataKey: keys.dataKey) }
    }

    @Test func reauthenticationIgnoresTheCache() throws {
        let folder = try TemporaryFolder()
        let cache = MemoryKeyCache()
        let store = try vault(in: folder, cache: cache)
        #expect(cache.keys.count == 1)
        #expect(try store.open(using: Unlocker(passwordSource: NobodyToAsk(), keyCache: cache)).entries.count == 1)
        let reauthenticating = Unlocker(passwordSource: NobodyToAsk(), keyCache: cache, reauthentication: "exporting")
        #expect(throws: VaultOpenError.currentPasswordNeeded(action: "exporting")) { try store.open(using: reauthenticating) }
        let before = try AtomicFile.read(store.path)
        #expect(throws: VaultOpenError.currentPasswordNeeded(action: "exporting")) {
            try store.rotateKeys(using: reauthenticating, newPassword: { try secret("two") })
        }
        #expect(try AtomicFile.read(store.path) == before)
    }

    @Test func aChangedHeaderIsNeverOpenedByAsking() throws {
        let folder = try TemporaryFolder()
        let store = try vault(in: folder)
        var envelope = try Envelope.parse(AtomicFile.read(store.path))
        envelope.salt = try Sodium.randomBytes(Argon2id.saltLength)
        #expect(throws: VaultOpenError.changedWhileWaiting) {
            try Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache()).keysWithoutAsking(for: envelope, label: "t")
        }
    }

    @Test func aVersion1FileIsUpgradedAtItsNextWrite() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/vault.json"
        try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("v1/vault.json"))).write(to: URL(fileURLWithPath: path))
        let store = VaultStore(path: path, origin: .ephemeral())
        let oldDataKey = try dataKey(of: path, password: "fixture password v1")
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "fixture password v1"), keyCache: NoKeyCache())
        try store.mutate(using: unlocker) { try $0.put(Entry(name: "new", password: "y", created: Date().toTheSecond)) }
        #expect(!(try dataKey(of: path, password: "fixture password v1")).constantTimeEquals(oldDataKey),
                "version 1's data key may have outlived a passwd: the upgrade draws a new one")
        let upgraded = try store.open(using: Unlocker(passwordSource: FixedPassword(text: "fixture password v1"), keyCache: NoKeyCache()))
        #expect(upgraded.envelope.version == Envelope.currentVersion)
        #expect(upgraded.entries.names == ["bank/card", "café/ü \"quoted\" \\back", "new", "web/github"])
    }

    /// Version 2 already drew a new data key at every passwd: its upgrade keeps the key.
    @Test func aVersion2FileIsUpgradedWithItsDataKey() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/vault.json"
        try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("v2/vault.json"))).write(to: URL(fileURLWithPath: path))
        let store = VaultStore(path: path, origin: .ephemeral())
        let oldDataKey = try dataKey(of: path, password: "fixture password v2")
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "fixture password v2"), keyCache: NoKeyCache())
        try store.mutate(using: unlocker) { try $0.put(Entry(name: "new", type: .note, created: Date().toTheSecond, otp: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP")) }
        #expect(try dataKey(of: path, password: "fixture password v2").constantTimeEquals(oldDataKey))
        let upgraded = try store.open(using: Unlocker(passwordSource: FixedPassword(text: "fixture password v2"), keyCache: NoKeyCache()))
        #expect(upgraded.envelope.version == Envelope.currentVersion)
        let entry = try #require(try upgraded.entries.entry(named: "new"))
        #expect(entry.type == .note && entry.otp == "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP")
    }
}
