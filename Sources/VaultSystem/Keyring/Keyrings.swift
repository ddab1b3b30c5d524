import VaultCore
import FoundationEssentials

/// How long a cached key lives: until an absolute time-to-live, or an idle span after its last
/// use, whichever comes first; neither for as long as the keyring lasts.
public struct KeyLifetime: Equatable, Sendable {
    public var timeToLive: TimeInterval?
    public var idle: TimeInterval?

    public init(timeToLive: TimeInterval? = nil, idle: TimeInterval? = nil) {
        self.timeToLive = timeToLive
        self.idle = idle
    }
}

/// The two places a command keeps the vault's derived key, in order: the kernel keyring, a few
/// system calls away and there even over SSH, then the Secret Service, which a desktop keeps
/// across login sessions. A lookup asks the kernel first; a key found only in the Secret
/// Service is copied to the kernel keyring (with its expiry) so that the next lookup is fast.
/// A key is stored in both, and removed from both.
///
/// An idle timeout needs the kernel, which renews the key on each use: with one, the key is
/// kept in the kernel keyring only (and an older copy in the Secret Service removed), or,
/// where the kernel keyring is missing, in the Secret Service until the idle span from now.
public final class Keyrings: KeyCache {
    public let kernel: any KeyringBackend
    public let secretService: any KeyringBackend
    /// The lifetime a key gets where none is recorded for its vault.
    public let lifetime: KeyLifetime
    /// The lifetimes `vault unlock` recorded, which win over `lifetime`.
    private let records: KeyLifetimeRecords?
    private let now: () -> Date
    /// Told, once per command, why a key could be kept nowhere, and the vault's id.
    private let onUnavailable: (_ reason: String, _ vaultID: String) -> Void
    private var announced = false
    /// The lifetimes of keys this command removed, by vault id: a key stored in their place
    /// (a rotation, a key that stopped working) keeps the lifetime `vault unlock` gave, or the
    /// configured one where that is stricter.
    private var replaced: [String: (expires: Int?, idle: Int?)] = [:]

    public init(
        kernel: any KeyringBackend, secretService: any KeyringBackend, lifetime: KeyLifetime = KeyLifetime(),
        records: KeyLifetimeRecords? = nil, now: @escaping () -> Date = { Date() },
        onUnavailable: @escaping (_ reason: String, _ vaultID: String) -> Void = { _, _ in }
    ) {
        self.kernel = kernel
        self.secretService = secretService
        self.lifetime = lifetime
        self.records = records
        self.now = now
        self.onUnavailable = onUnavailable
    }

    /// Both places, kernel first.
    public var backends: [any KeyringBackend] { [kernel, secretService] }

    /// Whether either place can keep keys here; when neither can, both reasons.
    public var availability: KeyringAvailability {
        var reasons: [String] = []
        for backend in backends {
            switch backend.availability {
            case .available(let place): return .available(place: place)
            case .unavailable(let reason): reasons.append("\(backend.name): \(reason)")
            }
        }
        return .unavailable(reason: reasons.joined(separator: "; "))
    }

    public func lookup(vaultID: String) -> SecureBytes? {
        if let item = kernel.lookup(vaultID: vaultID) { return item.key }
        guard let item = secretService.lookup(vaultID: vaultID) else { return nil }
        if case .available = kernel.availability {
            _ = kernel.keep(item.key, vaultID: vaultID, label: "", expires: item.expires.map { Int($0.timeIntervalSince1970) }, idle: nil)
        }
        return item.key
    }

    public func store(_ key: SecureBytes, vaultID: String, label: String) {
        let lifetime = records?.lifetime(vaultID: vaultID) ?? self.lifetime
        let seconds = now().timeIntervalSince1970
        // Whole seconds, rounded up, so a key never expires before the lifetime it was given.
        var expires = lifetime.timeToLive.map { Int((seconds + $0).rounded(.up)) }
        var idle = lifetime.idle.map { Int($0.rounded(.up)) }
        if let previous = replaced.removeValue(forKey: vaultID) {
            // The stricter of the two, each way: never longer than either asked.
            expires = [expires, previous.expires].compactMap { $0 }.min()
            idle = [idle, previous.idle].compactMap { $0 }.min()
        }
        let inKernel = kernel.keep(key, vaultID: vaultID, label: label, expires: expires, idle: idle)
        let inService: KeyStorage
        if let idle {
            if inKernel == .kept {
                // The Secret Service cannot renew a key on use: a copy there would outlive the idle span.
                _ = secretService.removeItem(vaultID: vaultID)
                return
            }
            let untilIdle = Int(seconds.rounded(.up)) + idle
            inService = secretService.keep(key, vaultID: vaultID, label: label, expires: min(expires ?? .max, untilIdle), idle: nil)
        } else {
            inService = secretService.keep(key, vaultID: vaultID, label: label, expires: expires, idle: nil)
        }
        guard inKernel != .kept, case .notKept(let serviceReason) = inService, !announced else { return }
        announced = true
        if case .notKept(let kernelReason) = inKernel {
            onUnavailable("\(kernel.name): \(kernelReason); \(secretService.name): \(serviceReason)", vaultID)
        }
    }

    public func remove(vaultID: String) {
        _ = removeItem(vaultID: vaultID)
    }

    /// Removes the key from both places: removed if either had it; failed if a place that is
    /// there could not remove it, or if neither place is there.
    public func removeItem(vaultID: String) -> KeyRemoval {
        if let previous = backends.lazy.compactMap({ $0.cachedItem(vaultID: vaultID) }).first {
            replaced[vaultID] = (previous.latestExpiry, previous.idle.map { Int($0) })
        }
        var removed = false
        var failures: [String] = []
        var present = false
        for backend in backends {
            guard case .available = backend.availability else { continue }
            present = true
            switch backend.removeItem(vaultID: vaultID) {
            case .removed: removed = true
            case .nothingCached: break
            case .failed(let reason): failures.append(reason)
            }
        }
        if !present, case .unavailable(let reason) = availability { return .failed(reason) }
        if let failure = failures.first { return .failed(failure) }
        return removed ? .removed : .nothingCached
    }
}
