import FoundationEssentials
import VaultCore
import VaultSystem

/// The kernel keyring of an `InMemoryKeyringSession`, used as `KernelKeyCache` uses the real
/// one, step for step: the same record (`VKK1`, the expiry, the idle span, the key), a timeout
/// set before the key is published, renewed by each lookup of an idle key (never past its
/// expiry), the deadline read back as /proc/keys shows it, a malformed key invalidated, and the
/// same refusals and reasons. Only the key retention service under it is simulated
/// (`SimulatedKernelKeyring`). KernelKeyCacheTests hold both to the same tests.
public final class InMemoryKernelKeyring: KeyringBackend {
    private let session: InMemoryKeyringSession
    private let now: () -> Date

    init(session: InMemoryKeyringSession, now: @escaping () -> Date) {
        self.session = session
        self.now = now
    }

    public let name = "kernel keyring"

    public var availability: KeyringAvailability { session.kernelAvailability }

    public func lookup(vaultID: String) -> CachedKey? {
        guard let record = find(vaultID: vaultID) else { return nil }
        let description = KernelKeyCache.description(vaultID: vaultID)
        let time = now().timeIntervalSince1970
        guard let idle = record.idle else {
            if let expires = record.expires, Double(expires) <= time {
                invalidate(description)
                return nil
            }
            return record.cachedKey(expires: record.expires)
        }
        // A use of an idle key sets its timeout again; one that cannot be renewed is not used.
        let deadline = min(Int(time.rounded(.up)) + idle, record.expires ?? .max)
        let timeout = deadline - Int(time.rounded(.down))
        guard timeout > 0, session.kernel.withLock({ $0.setTimeout(description, seconds: timeout, at: session.kernelSecond) }) else {
            invalidate(description)
            return nil
        }
        return record.cachedKey(expires: deadline)
    }

    public func cachedItem(vaultID: String) -> CachedKey? {
        guard let record = find(vaultID: vaultID) else { return nil }
        guard let idle = record.idle else { return record.cachedKey(expires: record.expires) }
        let time = Int(now().timeIntervalSince1970)
        let description = KernelKeyCache.description(vaultID: vaultID)
        let listed = session.kernel.withLock { $0.listedSecondsLeft(description, at: session.kernelSecond) }
        let left = min(listed.map { $0 + ProcKeys.unit(of: $0) - 1 } ?? idle, idle)
        return record.cachedKey(expires: min(time + left, record.expires ?? .max))
    }

    public func keep(_ key: SecureBytes, vaultID: String, label: String, expires: Int?, idle: Int?) -> KeyStorage {
        if case .unavailable(let reason) = availability { return .notKept(reason) }
        let record = KernelKeyRecord(key: key, expires: expires, idle: idle)
        guard record.isWithinBounds else { return .notKept("the key's lifetime is out of range") }
        let time = now().timeIntervalSince1970
        var timeout = 0  // none
        if let deadline = [expires, idle.map { Int(time.rounded(.up)) + $0 }].compactMap({ $0 }).min() {
            let seconds = deadline - Int(time.rounded(.down))
            guard seconds > 0 else { return .notKept("the key's lifetime is over") }
            timeout = seconds
        }
        guard let payload = try? record.payload().withUnsafeBytes({ Array($0) }) else { return .notKept("out of guarded memory") }
        let description = KernelKeyCache.description(vaultID: vaultID)
        session.kernel.withLock { $0.publish(description, payload: payload, timeout: timeout, at: session.kernelSecond) }
        return .kept
    }

    public func removeItem(vaultID: String) -> KeyRemoval {
        if case .unavailable(let reason) = availability { return .failed(reason) }
        return invalidate(KernelKeyCache.description(vaultID: vaultID)) ? .removed : .nothingCached
    }

    @discardableResult
    private func invalidate(_ description: String) -> Bool {
        session.kernel.withLock { $0.invalidate(description, at: session.kernelSecond) }
    }

    /// The vault's record, if a well-formed one is alive; a malformed one is invalidated.
    private func find(vaultID: String) -> KernelKeyRecord? {
        guard case .available = availability else { return nil }
        let description = KernelKeyCache.description(vaultID: vaultID)
        guard let payload = session.kernel.withLock({ $0.search(description, at: session.kernelSecond) }),
              let buffer = try? payload.withUnsafeBytes({ try SecureBytes(copying: $0) })
        else { return nil }
        guard payload.count == KernelKeyRecord.length, let record = KernelKeyRecord(payload: buffer), record.isWithinBounds else {
            invalidate(description)
            return nil
        }
        return record
    }
}
