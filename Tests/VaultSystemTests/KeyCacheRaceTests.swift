import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// A command that read the vault before another changed its password must not put the old key
/// back into the cache, nor remove the new one; a header changed under the lock is never
/// confirmed or derived at a cost; a rotation that fails leaves no stale key cached.
struct KeyCacheRaceTests {
    typealias MemoryKeyCache = KeyRotationTests.MemoryKeyCache
    typealias NobodyToAsk = KeyRotationTests.NobodyToAsk

    private static func secret(_ text: String) throws -> SecureBytes {
        try FixedPassword(text: text).masterPassword(prompt: "", confirm: false)
    }

    /// A new vault with one entry under the password "one"; nothing cached.
    private static func vault(in folder: TemporaryFolder) throws -> VaultStore {
        let store = VaultStore(path: folder.path + "/vault.json", origin: .ephemeral())
        try store.create(password: try secret("one"), kdf: .minimum, cipher: .xchacha20poly1305)
        try store.mutate(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache())) {
            try $0.put(Entry(name: "a", password: "x", created: Date().toTheSecond))
        }
        return store
    }

    /// What `vault passwd` in another process does: the password becomes "two", the cache gets its key.
    private static func rotate(_ path: String, cache: KeyCache) throws {
        let other = VaultStore(path: path, origin: .ephemeral())
        try other.rotateKeys(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: cache, reauthentication: "test"),
                             newPassword: { try secret("two") })
    }

    /// Whether the cache alone opens the vault as it is now.
    private static func cacheOpens(_ store: VaultStore, _ cache: KeyCache) -> Bool {
        (try? store.open(using: Unlocker(passwordSource: NobodyToAsk(), keyCache: cache))) != nil
    }

    /// A password typed while another process changes the password under it.
    struct PasswordTypedDuringRotation: PasswordSource {
        let path: String
        let cache: KeyCache
        func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes {
            try KeyCacheRaceTests.rotate(path, cache: cache)
            return try KeyCacheRaceTests.secret("one")
        }
    }

    @Test func aKeyDerivedForAnOldHeaderDoesNotReplaceTheNewOne() throws {
        let folder = try TemporaryFolder()
        let store = try Self.vault(in: folder)
        let cache = MemoryKeyCache()
        let reader = Unlocker(passwordSource: PasswordTypedDuringRotation(path: store.path, cache: cache), keyCache: cache)
        // The reader opens the version it read, under the old password...
        #expect(try store.open(using: reader).entries.count == 1)
        // ...but leaves the new key in the cache.
        #expect(Self.cacheOpens(store, cache))
    }

    /// A cache whose first lookup comes right after another process changed the password.
    final class CacheLookedUpDuringRotation: KeyCache {
        let inner = MemoryKeyCache()
        let path: String
        private var rotated = false
        init(path: String) { self.path = path }
        func lookup(vaultID: String) -> SecureBytes? {
            if !rotated {
                rotated = true
                try? KeyCacheRaceTests.rotate(path, cache: inner)
            }
            return inner.lookup(vaultID: vaultID)
        }
        func store(_ key: SecureBytes, vaultID: String, label: String) { inner.store(key, vaultID: vaultID, label: label) }
        func remove(vaultID: String) { inner.remove(vaultID: vaultID) }
    }

    @Test func aNewCachedKeyIsNotRemovedForFailingOnAnOldHeader() throws {
        let folder = try TemporaryFolder()
        let store = try Self.vault(in: folder)
        let cache = CacheLookedUpDuringRotation(path: store.path)
        // The reader parsed the old header; the key it finds in the cache is already the new one.
        let reader = Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: cache)
        #expect(try store.open(using: reader).entries.count == 1)
        #expect(cache.inner.keys.count == 1, "the new key must stay cached")
        #expect(Self.cacheOpens(store, cache.inner))
    }

    @Test func aCostlyHeaderFoundUnderTheLockIsNeitherConfirmedNorDerived() throws {
        let folder = try TemporaryFolder()
        let store = try Self.vault(in: folder)
        struct Asked: Error {}
        var confirmations = 0
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache(),
                                confirmCostlyDerivation: { _ in confirmations += 1; throw Asked() })
        _ = try unlocker.masterPassword()
        var planted = try store.header()
        planted.kdf = KDFParameters(memoryKiB: 4 * 1024 * 1024, iterations: 100, parallelism: 1)
        #expect(throws: VaultOpenError.changedWhileWaiting) { try unlocker.keysWithoutAsking(for: planted, label: "t") }
        #expect(confirmations == 0)
    }

    /// A cache whose removal (the last step before a rotation writes) makes the write fail, by
    /// putting a folder where the vault file is.
    final class CacheThatBreaksTheWrite: KeyCache {
        let inner = MemoryKeyCache()
        let path: String
        init(path: String) { self.path = path }
        func lookup(vaultID: String) -> SecureBytes? { inner.lookup(vaultID: vaultID) }
        func store(_ key: SecureBytes, vaultID: String, label: String) { inner.store(key, vaultID: vaultID, label: label) }
        func remove(vaultID: String) {
            inner.remove(vaultID: vaultID)
            try? FileManager.default.moveItem(atPath: path, toPath: path + ".aside")
            try? FileManager.default.createDirectory(atPath: path + "/in-the-way", withIntermediateDirectories: true)
        }
    }

    @Test func aRotationThatFailsLeavesNoStaleKeyCached() throws {
        let folder = try TemporaryFolder()
        let store = try Self.vault(in: folder)
        let cache = CacheThatBreaksTheWrite(path: store.path)
        _ = try store.open(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: cache))
        #expect(cache.inner.keys.count == 1)
        #expect(throws: StoreError.self) {
            try store.rotateKeys(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: cache, reauthentication: "test"),
                                 newPassword: { try Self.secret("two") })
        }
        #expect(cache.inner.keys.isEmpty, "the old key was removed before the write, and no new key was stored")
        try FileManager.default.removeItem(atPath: store.path)
        try FileManager.default.moveItem(atPath: store.path + ".aside", toPath: store.path)
        #expect(try store.open(using: Unlocker(passwordSource: FixedPassword(text: "one"), keyCache: NoKeyCache())).entries.count == 1)
    }
}
