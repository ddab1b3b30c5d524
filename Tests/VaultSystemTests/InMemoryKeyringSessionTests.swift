import Foundation
import KeyringDoubles
import Synchronization
import Testing
import VaultCore
import VaultSystem

/// What the in-memory keyrings do beyond what KernelKeyCacheTests and SecretServiceKeyCacheTests
/// hold them to beside the real ones: the caches made from one session share its keys, and no
/// other session's; the kernel ends keys by the session's clock, which a test moves, whatever
/// the caches' clocks say; a keyring made unavailable keeps nothing and says why.
@Suite("In-memory keyrings")
struct InMemoryKeyringSessionTests {
    /// A clock the test moves by hand.
    final class TestClock: Sendable {
        private let current: Mutex<Date>

        init(_ start: Date) { current = Mutex(start) }

        var now: @Sendable () -> Date { { self.current.withLock { $0 } } }

        func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    }

    private func key() throws -> SecureBytes { try SecureBytes.random(count: 32) }

    @Test("the caches of one session share its keys; another session's caches do not see them")
    func sessionsShareTheirKeys() throws {
        let session = InMemoryKeyringSession()
        #expect(session.kernelKeyring().keep(try key(), vaultID: "v", label: "", expires: nil, idle: nil) == .kept)
        #expect(session.secretService().keep(try key(), vaultID: "v", label: "", expires: nil, idle: nil) == .kept)
        #expect(session.kernelKeyring().lookup(vaultID: "v") != nil && session.secretService().lookup(vaultID: "v") != nil)

        let other = InMemoryKeyringSession()
        #expect(other.kernelKeyring().lookup(vaultID: "v") == nil && other.secretService().lookup(vaultID: "v") == nil)
        #expect(other.kernelKeyring().removeItem(vaultID: "v") == .nothingCached)
        #expect(session.kernelKeyring().cachedItem(vaultID: "v") != nil, "another session's removal leaves this one's key")
    }

    @Test("the kernel ends a key at its expiry, and an idle key once unused for its span, by the session's clock")
    func kernelKeepsTheSessionsTime() throws {
        let start = 1_800_000_000
        let clock = TestClock(Date(timeIntervalSince1970: TimeInterval(start)))
        let session = InMemoryKeyringSession(now: clock.now)
        let kernel = session.kernelKeyring()
        // A cache whose own clock stands still: what it finds is the kernel's to say.
        let stillCache = session.kernelKeyring(now: { Date(timeIntervalSince1970: TimeInterval(start)) })
        #expect(kernel.keep(try key(), vaultID: "timed", label: "", expires: start + 60, idle: nil) == .kept)
        #expect(kernel.keep(try key(), vaultID: "idle", label: "", expires: nil, idle: 30) == .kept)

        clock.advance(by: 20)
        #expect(kernel.lookup(vaultID: "idle")?.expires == Date(timeIntervalSince1970: TimeInterval(start + 50)), "a use renews it")
        clock.advance(by: 25)
        #expect(kernel.cachedItem(vaultID: "idle")?.expires == Date(timeIntervalSince1970: TimeInterval(start + 50)),
                "looking is not a use")
        clock.advance(by: 5)
        #expect(stillCache.cachedItem(vaultID: "idle") == nil, "unused for 30 s")
        #expect(stillCache.cachedItem(vaultID: "timed") != nil)
        clock.advance(by: 10)
        #expect(stillCache.cachedItem(vaultID: "timed") == nil, "at its expiry")
    }

    @Test("a Secret Service made unavailable keeps nothing and says why, as the kernel keyring does")
    func unavailableSecretService() throws {
        let reason = "nothing provides org.freedesktop.secrets on the session bus"
        let service = InMemoryKeyringSession(secretService: .unavailable(reason: reason)).secretService()
        #expect(service.availability == .unavailable(reason: reason))
        #expect(service.keep(try key(), vaultID: "v", label: "", expires: nil, idle: nil) == .notKept(reason))
        #expect(service.lookup(vaultID: "v") == nil && service.cachedItem(vaultID: "v") == nil)
        #expect(service.removeItem(vaultID: "v") == .failed(reason))
    }
}
