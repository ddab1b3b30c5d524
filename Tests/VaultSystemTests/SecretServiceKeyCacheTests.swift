import Foundation
import KeyringDoubles
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The Secret Service key cache, and the in-memory double of it that command tests use, held to
/// the same tests so that the double cannot drift: a key stored is found by its vault's id only,
/// an expiry is kept and honoured, and removing says whether there was anything to remove. The
/// real one is the service of the test session, when it is the unlocked keyring of
/// `scripts/with-keyring` (`make test` runs the suite so). Each test uses vault ids of its own.
@Suite("Secret Service key cache")
struct SecretServiceKeyCacheTests {
    /// The caches under test: the real one over the test session's service, and the double.
    enum Cache: CustomTestStringConvertible, Sendable {
        case real, inMemory

        /// The double always; the real one where scripts/with-keyring runs the tests.
        static var underTest: [Cache] {
            ProcessInfo.processInfo.environment["VAULT_TEST_KEYRING"] == "unlocked" ? [.inMemory, .real] : [.inMemory]
        }

        var testDescription: String { self == .real ? "the session's Secret Service" : "in memory" }

        /// Caches over the service; for the real one, `/bin/true` stands in for vault's key
        /// expirer: these tests check expiry themselves.
        func caches() throws -> CacheMaker {
            switch self {
            case .real:
                let cache = SecretServiceKeyCache(expirer: OwnCommandLine(program: "/bin/true", arguments: []), environment: [:])
                if case .unavailable(let reason) = cache.availability { throw NoSecretService(reason: reason) }
                return CacheMaker { now in SecretServiceKeyCache(expirer: OwnCommandLine(program: "/bin/true", arguments: []), environment: [:], now: now) }
            case .inMemory:
                let session = InMemoryKeyringSession()
                return CacheMaker { now in session.secretService(now: now) }
            }
        }
    }

    /// Keeps `key` for `id` until `expires` seconds from now (`nil`: the session), which must work.
    private func keep(_ cache: any KeyringBackend, _ key: SecureBytes, _ id: String, for seconds: Int? = nil) {
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

    @Test("a stored key is found by its vault's id, and by no other, in the session collection", arguments: Cache.underTest)
    func storeAndLookUp(cache kind: Cache) throws {
        let cache = try kind.caches().cache()
        #expect(cache.availability == .available(place: "session collection"))
        let id = UUID().uuidString, other = UUID().uuidString
        defer { _ = cache.removeItem(vaultID: id) }
        keep(cache, try key(7), id)
        let found = try #require(cache.lookup(vaultID: id))
        #expect(found.key.constantTimeEquals(try key(7)))
        #expect(cache.lookup(vaultID: other) == nil)
        #expect(cache.cachedItem(vaultID: id)?.expires == nil, "no lifetime: until the session ends")
    }

    @Test("a key with a lifetime carries its expiry, and an expired one is absent and removed", arguments: Cache.underTest)
    func expiry(cache kind: Cache) throws {
        let id = UUID().uuidString
        let caches = try kind.caches()
        let lasting = caches.cache()
        defer { _ = lasting.removeItem(vaultID: id) }
        keep(lasting, try key(1), id, for: 3600)
        let expires = try #require(lasting.cachedItem(vaultID: id)?.expires)
        #expect(expires.timeIntervalSinceNow > 3590 && expires.timeIntervalSinceNow <= 3601)

        keep(lasting, try key(2), id, for: 1)
        // A command run once that second is over.
        let later = caches.cache(now: { Date(timeIntervalSinceNow: 2.1) })
        #expect(later.cachedItem(vaultID: id) != nil, "cachedItem shows an expired key without removing it")
        #expect(later.lookup(vaultID: id) == nil)
        #expect(later.cachedItem(vaultID: id) == nil, "the lookup removed the expired key")
    }

    @Test("removing says whether a key was there", arguments: Cache.underTest)
    func removal(cache kind: Cache) throws {
        let cache = try kind.caches().cache()
        let id = UUID().uuidString
        keep(cache, try key(3), id)
        #expect(cache.removeItem(vaultID: id) == .removed)
        #expect(cache.removeItem(vaultID: id) == .nothingCached)
        #expect(cache.lookup(vaultID: id) == nil)
    }
}
