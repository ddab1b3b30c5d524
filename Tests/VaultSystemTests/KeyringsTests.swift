import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// How `Keyrings` puts the kernel keyring and the Secret Service together, with recording
/// stand-ins for the two (the real ones have suites of their own, and the commands' tests use
/// both for real): the order of lookups, the lifetimes each is given, the one note when
/// neither keeps a key, and what removal reports.
@Suite("Two keyrings in order")
struct KeyringsTests {
    /// A keyring that keeps keys in a dictionary, records what it was given, and may be absent.
    class RecordingKeyring: KeyringBackend {
        let name: String
        var availability: KeyringAvailability
        var items: [String: CachedKey] = [:]
        var kept: [(expires: Int?, idle: Int?)] = []
        var lookups = 0

        init(_ name: String, unavailable reason: String? = nil) {
            self.name = name
            availability = reason.map { .unavailable(reason: $0) } ?? .available(place: "test")
        }

        func lookup(vaultID: String) -> CachedKey? {
            lookups += 1
            return items[vaultID]
        }
        func cachedItem(vaultID: String) -> CachedKey? { items[vaultID] }
        func keep(_ key: SecureBytes, vaultID: String, label: String, expires: Int?, idle: Int?) -> KeyStorage {
            if case .unavailable(let reason) = availability { return .notKept(reason) }
            kept.append((expires, idle))
            items[vaultID] = CachedKey(key: key, expires: expires.map { Date(timeIntervalSince1970: TimeInterval($0)) },
                                       idle: idle.map(TimeInterval.init))
            return .kept
        }
        func removeItem(vaultID: String) -> KeyRemoval {
            if case .unavailable(let reason) = availability { return .failed(reason) }
            return items.removeValue(forKey: vaultID) == nil ? .nothingCached : .removed
        }
    }

    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func key() throws -> SecureBytes { try SecureBytes.random(count: 32) }

    @Test("a key goes to both with the same expiry; a lookup asks the kernel first")
    func storeInBothLookUpKernelFirst() throws {
        let (kernel, service) = (RecordingKeyring("kernel keyring"), RecordingKeyring("Secret Service"))
        let keyrings = Keyrings(kernel: kernel, secretService: service, lifetime: KeyLifetime(timeToLive: 60), now: { self.now })
        keyrings.store(try key(), vaultID: "v", label: "l")
        #expect(kernel.kept.map(\.expires) == [1_800_000_060] && service.kept.map(\.expires) == [1_800_000_060])
        #expect(keyrings.lookup(vaultID: "v") != nil)
        #expect(kernel.lookups == 1 && service.lookups == 0)
    }

    @Test("a key only the Secret Service has is copied to the kernel with its expiry")
    func refillsTheKernel() throws {
        let (kernel, service) = (RecordingKeyring("kernel keyring"), RecordingKeyring("Secret Service"))
        _ = service.keep(try key(), vaultID: "v", label: "l", expires: 1_800_000_500, idle: nil)
        let keyrings = Keyrings(kernel: kernel, secretService: service, now: { self.now })
        #expect(keyrings.lookup(vaultID: "v") != nil)
        #expect(kernel.kept.count == 1 && kernel.kept[0].expires == 1_800_000_500 && kernel.kept[0].idle == nil)
    }

    @Test("an idle key stays out of the Secret Service, unless the kernel cannot keep it: then it expires after the idle span")
    func idleKeys() throws {
        let (kernel, service) = (RecordingKeyring("kernel keyring"), RecordingKeyring("Secret Service"))
        _ = service.keep(try key(), vaultID: "v", label: "l", expires: nil, idle: nil)
        let lifetime = KeyLifetime(timeToLive: 3600, idle: 900)
        Keyrings(kernel: kernel, secretService: service, lifetime: lifetime, now: { self.now }).store(try key(), vaultID: "v", label: "l")
        #expect(kernel.kept.last.map { $0.expires == 1_800_003_600 && $0.idle == 900 } == true)
        #expect(service.items["v"] == nil, "the older copy in the Secret Service is removed")

        let blocked = RecordingKeyring("kernel keyring", unavailable: "keyctl: Operation not permitted")
        let alone = RecordingKeyring("Secret Service")
        Keyrings(kernel: blocked, secretService: alone, lifetime: lifetime, now: { self.now }).store(try key(), vaultID: "v", label: "l")
        #expect(alone.kept.map(\.expires) == [1_800_000_900] && alone.kept.map(\.idle) == [nil])
    }

    @Test("one note, naming both reasons, when neither keeps the key; none when one does")
    func noteOnce() throws {
        var notes: [String] = []
        let keyrings = Keyrings(
            kernel: RecordingKeyring("kernel keyring", unavailable: "keyctl: Function not implemented"),
            secretService: RecordingKeyring("Secret Service", unavailable: "no D-Bus session bus"),
            onUnavailable: { notes.append("\($1): \($0)") })
        keyrings.store(try key(), vaultID: "v", label: "l")
        keyrings.store(try key(), vaultID: "v", label: "l")
        #expect(notes == ["v: kernel keyring: keyctl: Function not implemented; Secret Service: no D-Bus session bus"])
        #expect(keyrings.availability == .unavailable(reason: "kernel keyring: keyctl: Function not implemented; Secret Service: no D-Bus session bus"))
        #expect(keyrings.removeItem(vaultID: "v") == .failed("kernel keyring: keyctl: Function not implemented; Secret Service: no D-Bus session bus"))

        var quiet: [String] = []
        let half = Keyrings(kernel: RecordingKeyring("kernel keyring"),
                            secretService: RecordingKeyring("Secret Service", unavailable: "no D-Bus session bus"),
                            onUnavailable: { reason, _ in quiet.append(reason) })
        half.store(try key(), vaultID: "v", label: "l")
        #expect(quiet.isEmpty)
        #expect(half.availability == .available(place: "test"))
    }

    @Test("removal: removed if either had the key; a keyring that is there but failed makes it fail")
    func removal() throws {
        let (kernel, service) = (RecordingKeyring("kernel keyring"), RecordingKeyring("Secret Service", unavailable: "no D-Bus session bus"))
        let keyrings = Keyrings(kernel: kernel, secretService: service)
        keyrings.store(try key(), vaultID: "v", label: "l")
        #expect(keyrings.removeItem(vaultID: "v") == .removed)
        #expect(keyrings.removeItem(vaultID: "v") == .nothingCached)

        final class Refusing: RecordingKeyring {
            override func removeItem(vaultID: String) -> KeyRemoval { .failed("the key is in a locked keyring collection") }
        }
        let stuck = Keyrings(kernel: RecordingKeyring("kernel keyring"), secretService: Refusing("Secret Service"))
        stuck.store(try key(), vaultID: "v", label: "l")
        #expect(stuck.removeItem(vaultID: "v") == .failed("the key is in a locked keyring collection"))
    }
}
