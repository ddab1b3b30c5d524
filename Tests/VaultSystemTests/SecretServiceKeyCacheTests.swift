import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The Secret Service key cache against the real service of the test session (`make test` runs
/// the suite under scripts/with-keyring, a private bus with an unlocked gnome-keyring): a key
/// stored is found by its vault's id only, an expiry is kept and honoured, and removing says
/// whether there was anything to remove. Each test uses vault ids of its own.
@Suite("Secret Service key cache")
struct SecretServiceKeyCacheTests {
    /// `/bin/true` stands in for vault's key expirer: these tests check expiry themselves.
    private func cache() throws -> SecretServiceKeyCache {
        let cache = SecretServiceKeyCache(expirer: OwnCommandLine(program: "/bin/true", arguments: []), environment: [:])
        if case .unavailable(let reason) = cache.availability { throw NoSecretService(reason: reason) }
        return cache
    }

    /// Keeps `key` for `id` until `expires` seconds from now (`nil`: the session), which must work.
    private func keep(_ cache: SecretServiceKeyCache, _ key: SecureBytes, _ id: String, for seconds: Int? = nil) {
        let expires = seconds.map { Int(Date().timeIntervalSince1970.rounded(.up)) + $0 }
        let kept = cache.keep(key, vaultID: id, label: "vault test key", expires: expires, idle: nil)
        #expect(kept == .kept, "the Secret Service did not keep a key")
    }

    /// The session has no usable Secret Service: the test fails, saying to run it under
    /// scripts/with-keyring.
    struct NoSecretService: Error, CustomStringConvertible {
        var reason: String
        var description: String { "no Secret Service (\(reason)); run the tests under scripts/with-keyring" }
    }

    private func key(_ byte: UInt8) throws -> SecureBytes {
        var bytes = [UInt8](repeating: byte, count: 32)
        return try SecureBytes(consuming: &bytes)
    }

    @Test("a stored key is found by its vault's id, and by no other")
    func storeAndLookUp() throws {
        let cache = try cache()
        let id = UUID().uuidString, other = UUID().uuidString
        defer { _ = cache.removeItem(vaultID: id) }
        keep(cache, try key(7), id)
        let found = try #require(cache.lookup(vaultID: id))
        #expect(found.key.constantTimeEquals(try key(7)))
        #expect(cache.lookup(vaultID: other) == nil)
        #expect(cache.cachedItem(vaultID: id)?.expires == nil, "no lifetime: until the session ends")
    }

    @Test("a key with a lifetime carries its expiry, and an expired one is absent and removed")
    func expiry() throws {
        let id = UUID().uuidString
        let lasting = try cache()
        defer { _ = lasting.removeItem(vaultID: id) }
        keep(lasting, try key(1), id, for: 3600)
        let expires = try #require(lasting.cachedItem(vaultID: id)?.expires)
        #expect(expires.timeIntervalSinceNow > 3590 && expires.timeIntervalSinceNow <= 3601)

        let brief = try cache()
        keep(brief, try key(2), id, for: 1)
        Thread.sleep(forTimeInterval: 2.1)
        #expect(brief.cachedItem(vaultID: id) != nil, "cachedItem shows an expired key without removing it")
        #expect(brief.lookup(vaultID: id) == nil)
        #expect(brief.cachedItem(vaultID: id) == nil, "the lookup removed the expired key")
    }

    @Test("removing says whether a key was there")
    func removal() throws {
        let cache = try cache()
        let id = UUID().uuidString
        keep(cache, try key(3), id)
        #expect(cache.removeItem(vaultID: id) == .removed)
        #expect(cache.removeItem(vaultID: id) == .nothingCached)
        #expect(cache.lookup(vaultID: id) == nil)
    }
}
