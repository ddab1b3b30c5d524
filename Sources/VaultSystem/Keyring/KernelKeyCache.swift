import VaultCore
import CKeyutils
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The key cache in the kernel's key retention service: one `user` key per vault, described
/// `vault:key:VAULT-ID`, in the session keyring of this login, else the user keyring
/// (`KernelKeyring`). A lookup is a few system calls, with no daemon and no bus, so it works
/// over SSH, in containers and in CI.
///
/// The kernel enforces the key's lifetime: a timeout set before the key is published destroys
/// it at its deadline even if vault never runs again, and counts time spent suspended. With an
/// idle span, each use sets the timeout again, never past the absolute expiry. Only a process
/// that possesses the key (one that reaches the keyring holding it) may read it or renew it;
/// other processes of the same user may see that it exists and invalidate it, so that
/// `vault lock` in one terminal removes the copies of every session.
///
/// Where the service is missing or blocked (a seccomp filter answering ENOSYS or EPERM), the
/// cache is unavailable and keeps nothing, which the first call tells.
public final class KernelKeyCache: KeyringBackend {
    private let now: () -> Date
    private let locate: () -> Result<KernelKeyring, KernelKeyringError>
    private var located: Result<KernelKeyring, KernelKeyringError>?

    /// What a possessor may do: everything (read the key, renew its timeout, link it). The
    /// rest of the user's processes may see that it exists and find it to invalidate it.
    static let permissions: key_perm_t = key_perm_t(KEY_POS_ALL) | key_perm_t(KEY_USR_VIEW | KEY_USR_SEARCH)

    public convenience init(now: @escaping () -> Date = { Date() }) {
        self.init(now: now, locate: KernelKeyring.locate)
    }

    init(now: @escaping () -> Date, locate: @escaping () -> Result<KernelKeyring, KernelKeyringError>) {
        self.now = now
        self.locate = locate
    }

    public let name = "kernel keyring"

    private var keyring: Result<KernelKeyring, KernelKeyringError> {
        if let located { return located }
        let result = locate()
        located = result
        return result
    }

    public var availability: KeyringAvailability {
        switch keyring {
        case .success(let keyring): return .available(place: keyring.place.name)
        case .failure(let error): return .unavailable(reason: error.reason)
        }
    }

    package static func description(vaultID: String) -> String { "vault:key:\(vaultID)" }

    public func lookup(vaultID: String) -> CachedKey? {
        guard let (serial, record) = find(vaultID: vaultID) else { return nil }
        let time = now().timeIntervalSince1970
        guard let idle = record.idle else {
            if let expires = record.expires, Double(expires) <= time {
                KernelKeyring.invalidate(serial)
                return nil
            }
            return record.cachedKey(expires: record.expires)
        }
        // A use of an idle key sets its timeout again; one that cannot be renewed is not used.
        let deadline = min(Int(time.rounded(.up)) + idle, record.expires ?? .max)
        guard let timeout = Self.timeout(until: deadline, from: time), (try? KernelKeyring.setTimeout(serial, seconds: timeout)) != nil else {
            KernelKeyring.invalidate(serial)
            return nil
        }
        return record.cachedKey(expires: deadline)
    }

    /// The kernel's timeout, in whole seconds from `time`, that ends the key at `deadline`
    /// (the kernel counts from the second `time` is in); nil when the deadline has passed.
    private static func timeout(until deadline: Int, from time: Double) -> UInt32? {
        let seconds = deadline - Int(time.rounded(.down))
        return seconds > 0 ? UInt32(clamping: seconds) : nil
    }

    /// The key and when it ends unless used again: the absolute expiry, or for an idle key the
    /// kernel's own deadline. /proc/keys shows that in whole seconds, minutes, hours, days or
    /// weeks, rounded down, so the end of that unit is taken (never past the idle span from now
    /// or the expiry); where the key is not listed, the idle span from now.
    public func cachedItem(vaultID: String) -> CachedKey? {
        guard let (serial, record) = find(vaultID: vaultID) else { return nil }
        guard let idle = record.idle else { return record.cachedKey(expires: record.expires) }
        let time = Int(now().timeIntervalSince1970)
        let listed = ProcKeys.keys(type: "user", description: Self.description(vaultID: vaultID)).first { $0.serial == serial }
        let left = min(listed?.secondsLeft.map { $0 + ProcKeys.unit(of: $0) - 1 } ?? idle, idle)
        return record.cachedKey(expires: min(time + left, record.expires ?? .max))
    }

    /// Adds the key where no other process finds it, gives it its permissions and its
    /// timeout, then publishes it in the place (replacing an older key there in one step) and
    /// reads it back as the next command will; a key that fails any step is invalidated.
    public func keep(_ key: SecureBytes, vaultID: String, label: String, expires: Int?, idle: Int?) -> KeyStorage {
        let keyring: KernelKeyring
        switch self.keyring {
        case .success(let found): keyring = found
        case .failure(let error): return .notKept(error.reason)
        }
        let record = KernelKeyRecord(key: key, expires: expires, idle: idle)
        guard record.isWithinBounds else { return .notKept("the key's lifetime is out of range") }
        let time = now().timeIntervalSince1970
        var timeout: UInt32 = 0  // none
        if let deadline = [expires, idle.map { Int(time.rounded(.up)) + $0 }].compactMap({ $0 }).min() {
            guard let seconds = Self.timeout(until: deadline, from: time) else { return .notKept("the key's lifetime is over") }
            timeout = seconds
        }
        guard let payload = try? record.payload() else { return .notKept("out of guarded memory") }
        let serial: key_serial_t
        do {
            serial = try payload.withUnsafeBytes { bytes throws(KernelKeyringError) in
                try KernelKeyring.addUnpublished(description: Self.description(vaultID: vaultID), payload: bytes)
            }
        } catch {
            return .notKept(error.reason)
        }
        do {
            try KernelKeyring.setPermissions(serial, Self.permissions)
            try KernelKeyring.setTimeout(serial, seconds: timeout)
            try keyring.publish(serial)
        } catch {
            KernelKeyring.invalidate(serial)
            return .notKept(error.reason)
        }
        // Read back as the next command will: a key this process cannot read is no cache. (Another
        // process may have published the same key meanwhile, displacing this one: as good.)
        guard let (_, kept) = find(vaultID: vaultID), kept.key.constantTimeEquals(key) else {
            KernelKeyring.invalidate(serial)
            return .notKept("the key could not be read back from the \(keyring.place.name)")
        }
        return .kept
    }

    /// Invalidates the vault's key here and every copy of it that other sessions of this user
    /// keep (found in /proc/keys, which lists the keys this user may see).
    public func removeItem(vaultID: String) -> KeyRemoval {
        let keyring: KernelKeyring
        switch self.keyring {
        case .success(let found): keyring = found
        case .failure(let error): return .failed(error.reason)
        }
        let description = Self.description(vaultID: vaultID)
        var removed = false
        if let serial = keyring.search(description: description) { removed = KernelKeyring.invalidate(serial) }
        for listed in ProcKeys.keys(type: "user", description: description) where KernelKeyring.invalidate(listed.serial) {
            removed = true
        }
        return removed ? .removed : .nothingCached
    }

    /// The vault's key and its record, if this process can read a well-formed one; a
    /// malformed one (planted, or of another version) is invalidated.
    private func find(vaultID: String) -> (key_serial_t, KernelKeyRecord)? {
        guard case .success(let keyring) = keyring,
              let serial = keyring.search(description: Self.description(vaultID: vaultID)),
              let buffer = try? SecureBytes(count: KernelKeyRecord.length + 1)
        else { return nil }
        let length = try? buffer.withUnsafeMutableBytes { bytes throws(KernelKeyringError) in try KernelKeyring.read(serial, into: bytes) }
        guard let length else { return nil }
        guard length == KernelKeyRecord.length, let record = KernelKeyRecord(payload: buffer), record.isWithinBounds else {
            KernelKeyring.invalidate(serial)
            return nil
        }
        return (serial, record)
    }
}

/// The payload of a vault's kernel key: `VKK1`, then two unsigned 64-bit little-endian numbers
/// (the absolute expiry in Unix seconds, the idle span in seconds; 0 for none), then the 32-byte
/// key-encryption key. 52 bytes; it lives only in the kernel and in guarded memory. The
/// deadline of an idle key is the kernel's timeout, not part of the record.
package struct KernelKeyRecord {
    static let magic = Array("VKK1".utf8)
    package static let length = magic.count + 2 * 8 + Cipher.keyLength
    /// The latest expiry a record may carry: the end of year 9999, as for entry dates.
    static let latestExpiry = Int(EntryDates.storable.upperBound)
    /// The longest idle span: a year and a day, as for any duration vault takes.
    static let longestIdle = 366 * 86_400

    package let key: SecureBytes
    package let expires: Int?
    package let idle: Int?

    /// Whether the times are ones vault writes, so that no arithmetic on them can overflow
    /// (a key of ours may have been replaced by any process of the session).
    package var isWithinBounds: Bool {
        (expires.map { $0 > 0 && $0 <= Self.latestExpiry } ?? true) && (idle.map { $0 > 0 && $0 <= Self.longestIdle } ?? true)
    }

    /// The key with `expires` as the time it ends unless used again.
    package func cachedKey(expires: Int?) -> CachedKey {
        CachedKey(key: key, expires: expires.map { Date(timeIntervalSince1970: TimeInterval($0)) }, idle: idle.map(TimeInterval.init),
                  latestExpiry: self.expires)
    }

    /// Reads a payload (the buffer may be longer than the record); `nil` if it is not one.
    package init?(payload: SecureBytes) {
        guard payload.count >= Self.length else { return nil }
        let fields: (magic: [UInt8], numbers: [UInt64]) = payload.withUnsafeBytes { bytes in
            let numbers = (0..<2).map { index in
                (0..<8).reduce(UInt64(0)) { value, byte in value | UInt64(bytes[Self.magic.count + index * 8 + byte]) << (8 * byte) }
            }
            return (Array(bytes[0..<Self.magic.count]), numbers)
        }
        guard fields.magic == Self.magic, fields.numbers.allSatisfy({ $0 <= UInt64(Int.max) }) else { return nil }
        let values = fields.numbers.map { $0 == 0 ? nil : Int($0) }
        // The key stays where it is, in the payload's guarded memory.
        self.init(key: payload.part((Self.length - Cipher.keyLength)..<Self.length), expires: values[0], idle: values[1])
    }

    package init(key: SecureBytes, expires: Int?, idle: Int?) {
        self.key = key
        self.expires = expires
        self.idle = idle
    }

    /// The payload, in guarded memory.
    package func payload() throws(CryptoError) -> SecureBytes {
        let payload = try SecureBytes(count: Self.length)
        payload.withUnsafeMutableBytes { output in
            output.copyBytes(from: Self.magic)
            for (index, value) in [expires, idle].enumerated() {
                let number = UInt64(max(0, value ?? 0))
                for byte in 0..<8 { output[Self.magic.count + index * 8 + byte] = UInt8(truncatingIfNeeded: number >> (8 * byte)) }
            }
            key.withUnsafeBytes { keyBytes in
                UnsafeMutableRawBufferPointer(rebasing: output[(Self.length - Cipher.keyLength)...]).copyMemory(from: keyBytes)
            }
        }
        return payload
    }
}
