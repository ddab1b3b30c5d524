import Foundation
import KeyringDoubles
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The kernel key cache against the real key retention service, in both places it may use (the
/// session keyring and the user keyring), and the in-memory double of it that command tests use,
/// held to the same tests so that the double cannot drift: a key kept is found by its vault's id
/// only, is treated as gone once its deadline passes (whatever the kernel's timer says), is ended
/// by the kernel at its timeout whether or not it is used, is renewed by each use when it has an
/// idle span, and is removed; a blocked service keeps nothing. The real one also carries
/// possessor-only permissions, and is removed everywhere this user can see it. Each test uses
/// vault ids of its own and removes its keys.
@Suite("Kernel key cache")
struct KernelKeyCacheTests {
    /// The caches under test: the real one over the key retention service, and the double.
    enum Cache: CaseIterable, CustomTestStringConvertible, Sendable {
        case real, inMemory

        var testDescription: String { self == .real ? "the kernel's" : "in memory" }

        /// Caches keeping keys in `place`. For the real user keyring, the session keyring is
        /// made to link it first, as the user's default session keyring (which a process
        /// without a session of its own gets) does: that is when vault uses it.
        func caches(in place: KernelKeyring.Place = .session) throws -> CacheMaker {
            switch self {
            case .real:
                if case .failure(let error) = KernelKeyring.locate() { throw NoKernelKeyring(reason: error.reason) }
                if place == .user { try KernelKeyCacheTests.keyctl(["link", "@u", "@s"]) }
                return CacheMaker { now in KernelKeyCache(now: now, locate: { .success(KernelKeyring(place: place)) }) }
            case .inMemory:
                let session = InMemoryKeyringSession(kernel: .available(place: place.name))
                return CacheMaker { now in session.kernelKeyring(now: now) }
            }
        }

        /// Caches over a key retention service that a seccomp filter blocks with ENOSYS.
        func blocked() -> CacheMaker {
            switch self {
            case .real:
                return CacheMaker { now in KernelKeyCache(now: now, locate: { .failure(KernelKeyringError(errno: ENOSYS, call: "keyctl")) }) }
            case .inMemory:
                let session = InMemoryKeyringSession(kernel: .unavailable(reason: "keyctl: Function not implemented"))
                return CacheMaker { now in session.kernelKeyring(now: now) }
            }
        }
    }

    private func key(_ byte: UInt8) throws -> SecureBytes {
        var bytes = [UInt8](repeating: byte, count: 32)
        return try SecureBytes(consuming: &bytes)
    }

    /// The key retention service is missing or blocked here: the test fails, saying why.
    struct NoKernelKeyring: Error, CustomStringConvertible {
        var reason: String
        var description: String { "no kernel keyring (\(reason))" }
    }

    /// Runs the `keyctl` program (package keyutils), which must succeed.
    static func keyctl(_ arguments: [String]) throws {
        let process = Process()
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/keyctl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        process.executableURL = URL(fileURLWithPath: try #require(path, "keyctl is not installed (package keyutils)"))
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "keyctl \(arguments.joined(separator: " ")) failed")
    }

    @Test("a kept key is found by its vault's id only, in the session and in the user keyring",
          arguments: Cache.allCases, [KernelKeyring.Place.session, .user])
    func keepAndLookUp(cache kind: Cache, place: KernelKeyring.Place) throws {
        let cache = try kind.caches(in: place).cache()
        let id = UUID().uuidString, other = UUID().uuidString
        defer { _ = cache.removeItem(vaultID: id) }
        #expect(cache.keep(try key(7), vaultID: id, label: "", expires: nil, idle: nil) == .kept)
        let found = try #require(cache.lookup(vaultID: id))
        #expect(found.key.constantTimeEquals(try key(7)) && found.expires == nil && found.idle == nil)
        #expect(cache.lookup(vaultID: other) == nil)
        #expect(cache.availability == .available(place: place == .session ? "session keyring" : "user keyring"))

        // Keeping again replaces the key.
        #expect(cache.keep(try key(8), vaultID: id, label: "", expires: nil, idle: nil) == .kept)
        #expect(try #require(cache.lookup(vaultID: id)).key.constantTimeEquals(try key(8)))
    }

    @Test("the key is readable by its possessor only: the rest of the user's processes may see and find it, not read or link it")
    func possessorOnlyPermissions() throws {
        let cache = try Cache.real.caches().cache()
        let id = UUID().uuidString
        defer { _ = cache.removeItem(vaultID: id) }
        #expect(cache.keep(try key(1), vaultID: id, label: "", expires: nil, idle: nil) == .kept)
        // Read to its end: with many keys the list is longer than one read.
        let list = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/keys")).readToEnd() ?? Data()
        let line = try #require(String(decoding: list, as: UTF8.self).split(separator: "\n")
            .first { $0.contains(KernelKeyCache.description(vaultID: id)) })
        let permissions = line.split(separator: " ", omittingEmptySubsequences: true)[4]
        // Possessor: everything; user: view, search; group, other: nothing.
        #expect(permissions == "3f090000", "\(line)")
    }

    @Test("a deadline in the record is honoured: past it the key is gone, and invalidated", arguments: Cache.allCases)
    func deadlineHonoured(cache kind: Cache) throws {
        let id = UUID().uuidString
        let caches = try kind.caches()
        let keeper = caches.cache()
        defer { _ = keeper.removeItem(vaultID: id) }
        let expires = Int(Date().timeIntervalSince1970) + 3600
        #expect(keeper.keep(try key(2), vaultID: id, label: "", expires: expires, idle: nil) == .kept)
        let item = try #require(keeper.cachedItem(vaultID: id))
        #expect(item.expires.map { Int($0.timeIntervalSince1970) } == expires && item.latestExpiry == expires)

        let later = caches.cache(now: { Date(timeIntervalSinceNow: 3601) })
        #expect(later.cachedItem(vaultID: id) != nil, "cachedItem shows the key without judging it")
        #expect(later.lookup(vaultID: id) == nil)
        #expect(keeper.cachedItem(vaultID: id) == nil, "the lookup invalidated the expired key")
    }

    @Test("an idle key's deadline moves on with each use, never past its expiry", arguments: Cache.allCases)
    func idleRenewal(cache kind: Cache) throws {
        let id = UUID().uuidString
        let start = Date()
        let caches = try kind.caches()
        let keeper = caches.cache(now: { start })
        defer { _ = keeper.removeItem(vaultID: id) }
        let expires = Int(start.timeIntervalSince1970.rounded(.up)) + 100
        #expect(keeper.keep(try key(3), vaultID: id, label: "", expires: expires, idle: 60) == .kept)
        let kept = try #require(keeper.cachedItem(vaultID: id))
        // The kernel's deadline as /proc/keys shows it: whole minutes beyond a minute.
        #expect(kept.idle == 60 && kept.latestExpiry == expires && kept.expires != nil, "\(String(describing: kept.expires))")

        let used = caches.cache(now: { start.addingTimeInterval(30) })
        let renewed = try #require(used.lookup(vaultID: id))
        #expect(renewed.idle == 60 && renewed.expires.map { Int($0.timeIntervalSince1970) } == expires - 10)
        let late = caches.cache(now: { start.addingTimeInterval(55) })
        #expect(late.lookup(vaultID: id)?.expires.map { Int($0.timeIntervalSince1970) } == expires, "capped at the expiry")
        let over = caches.cache(now: { start.addingTimeInterval(101) })
        #expect(over.lookup(vaultID: id) == nil && keeper.cachedItem(vaultID: id) == nil, "past the expiry: gone, and invalidated")
    }

    @Test("the kernel ends a key at its timeout, whether or not it is used", arguments: Cache.allCases)
    func timeoutEndsTheKey(cache kind: Cache) throws {
        let cache = try kind.caches().cache()
        let id = UUID().uuidString
        defer { _ = cache.removeItem(vaultID: id) }
        // A timeout of one or two whole seconds: the kernel counts from the second it is in.
        let expires = Int(Date().timeIntervalSince1970.rounded(.up)) + 1
        #expect(cache.keep(try key(4), vaultID: id, label: "", expires: expires, idle: nil) == .kept)
        Thread.sleep(forTimeInterval: 2.5)
        // cachedItem does not judge the expiry: only the kernel can have ended the key.
        #expect(cache.cachedItem(vaultID: id) == nil)
    }

    @Test("a lifetime already over is not kept", arguments: Cache.allCases)
    func overLifetimeRefused(cache kind: Cache) throws {
        let cache = try kind.caches().cache()
        let id = UUID().uuidString
        defer { _ = cache.removeItem(vaultID: id) }
        let past = Int(Date().timeIntervalSince1970) - 1
        #expect(cache.keep(try key(4), vaultID: id, label: "", expires: past, idle: nil) != .kept)
        #expect(cache.cachedItem(vaultID: id) == nil)
    }

    @Test("removing says whether a key was there", arguments: Cache.allCases)
    func removal(cache kind: Cache) throws {
        let cache = try kind.caches().cache()
        let id = UUID().uuidString
        #expect(cache.keep(try key(5), vaultID: id, label: "", expires: nil, idle: nil) == .kept)
        #expect(cache.removeItem(vaultID: id) == .removed)
        #expect(cache.removeItem(vaultID: id) == .nothingCached)
        #expect(cache.lookup(vaultID: id) == nil)
    }

    @Test("a blocked service makes the cache unavailable and keep nothing, with the reason", arguments: Cache.allCases)
    func blocked(cache kind: Cache) throws {
        let cache = kind.blocked().cache()
        #expect(cache.availability == .unavailable(reason: "keyctl: Function not implemented"))
        #expect(cache.keep(try key(6), vaultID: UUID().uuidString, label: "", expires: nil, idle: nil)
                == .notKept("keyctl: Function not implemented"))
        #expect(cache.lookup(vaultID: UUID().uuidString) == nil)
        #expect(cache.removeItem(vaultID: UUID().uuidString) == .failed("keyctl: Function not implemented"))
    }

    @Test("the payload reads back; a wrong tag or length is no record, and times vault never writes are out of bounds")
    func recordRoundTrip() throws {
        let record = KernelKeyRecord(key: try key(9), expires: 1_900_000_000, idle: 900)
        let payload = try record.payload()
        #expect(payload.count == 52)
        let read = try #require(KernelKeyRecord(payload: payload))
        #expect(read.key.constantTimeEquals(try key(9)) && read.expires == 1_900_000_000 && read.idle == 900 && read.isWithinBounds)
        #expect(!KernelKeyRecord(key: try key(9), expires: nil, idle: Int(Int32.max)).isWithinBounds)
        #expect(!KernelKeyRecord(key: try key(9), expires: Int.max, idle: nil).isWithinBounds)
        var bytes = payload.withUnsafeBytes { Array($0) }
        bytes[0] = UInt8(ascii: "X")
        #expect(KernelKeyRecord(payload: try SecureBytes(consuming: &bytes)) == nil)
        var short = [UInt8](repeating: 0, count: 51)
        #expect(KernelKeyRecord(payload: try SecureBytes(consuming: &short)) == nil)
    }

    @Test("/proc/keys lines are read with the type padded, the size after the description, and other users' keys left out")
    func procKeysLines() throws {
        let path = FileManager.default.temporaryDirectory.path + "/proc-keys-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
            1e563c48 I--Q---     1 perm 3f090000  1000  1000 user      vault:key:A: 52
            0beb21a8 I--Q---     1 expd 3f090000  1000  1000 user      vault:key:A: 52
            0beb21a9 I--Q---     1   14m 3f090000  1000  1000 user      vault:key:A: 52
            0beb21aa I--Q---     1   59s 3f090000  1000  1000 user      vault:key:A: 52
            29ecf0ec I--Q---     1 perm 3f090000  1000  1000 user      vault:key:AB: 52
            3fbc20ee I--Q---     1 perm 1f3f0000  1000 65534 keyring   vault:key:A: empty
            2a2a2a2a I--Q---     1 perm 3f0b0000  1001  1001 user      vault:key:A: 52
            00000000 I--Q---     1 perm 3f090000  1000  1000 user      vault:key:A: 52
            """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(ProcKeys.keys(type: "user", description: "vault:key:A", uid: 1000, path: path) == [
            .init(serial: 0x1e563c48, secondsLeft: nil), .init(serial: 0x0beb21a8, secondsLeft: 0),
            .init(serial: 0x0beb21a9, secondsLeft: 840), .init(serial: 0x0beb21aa, secondsLeft: 59),
        ])
        #expect(ProcKeys.keys(type: "user", description: "vault:key:A", path: path + ".missing").isEmpty)
    }
}
