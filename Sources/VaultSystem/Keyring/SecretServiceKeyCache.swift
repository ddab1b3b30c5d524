import VaultCore
import CKeyringShim
import CSodium
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The key cache in the freedesktop Secret Service (gnome-keyring, KWallet, KeePassXC), through
/// libsecret: one item per vault, found by the vault's id, in the in-memory `session` collection
/// where the service has one (gone at logout), else the unlocked default collection. The item
/// holds the key and, when the cache was given a lifetime, its expiry; an expired item is
/// treated as absent and removed. The service is probed before any libsecret call, so a missing
/// bus, a missing service or a locked keyring is noticed in milliseconds and never prompts.
public final class SecretServiceKeyCache: KeyringBackend {
    /// How long any one call to the service may take before it is cancelled.
    public static let callTimeoutMilliseconds: Int32 = 2000

    /// The command (vault's own `keyring-expire`) that removes an expiring key in a process of
    /// its own, and the environment it gets.
    private let expirer: OwnCommandLine
    private let environment: [String: String]
    /// The current time, for expiries.
    private let now: () -> Date
    /// What the probe found: the alias of the collection keys go to ("session" or "default"),
    /// or why there is none.
    private var probed: Result<String, ProbeFailure>?

    private struct ProbeFailure: Error {
        var reason: String
    }

    public init(expirer: OwnCommandLine, environment: [String: String], now: @escaping () -> Date = { Date() }) {
        self.expirer = expirer
        self.environment = environment
        self.now = now
    }

    /// Whether the service can be used here without a prompt, and where keys would go.
    public var availability: KeyringAvailability {
        switch collection {
        case .success(let alias): return .available(place: alias + " collection")
        case .failure(let failure): return .unavailable(reason: failure.reason)
        }
    }

    /// The collection keys go to, probed once.
    private var collection: Result<String, ProbeFailure> {
        if let probed { return probed }
        var alias: UnsafePointer<CChar>?
        var message: UnsafeMutablePointer<CChar>?
        let status = vk_probe(Self.callTimeoutMilliseconds, &alias, &message)
        let result: Result<String, ProbeFailure> = status == VK_OK
            ? .success(String(cString: alias!))
            : .failure(ProbeFailure(reason: Self.take(message) ?? "Secret Service unavailable"))
        probed = result
        return result
    }

    public let name = "Secret Service"

    public func lookup(vaultID: String) -> CachedKey? {
        unexpiredItem(vaultID: vaultID, now: now())
    }

    /// The cached key and its expiry, without removing an expired one (for `vault status`).
    public func cachedItem(vaultID: String) -> CachedKey? {
        guard case .available = availability else { return nil }
        var secret: UnsafeMutablePointer<CChar>?
        var message: UnsafeMutablePointer<CChar>?
        let status = vk_lookup(vaultID, &secret, Self.callTimeoutMilliseconds, &message)
        vk_free_message(message)
        guard status == VK_OK, let secret else { return nil }
        defer { vk_free_secret(secret) }
        return CachedKey(itemText: UnsafeRawBufferPointer(start: secret, count: strlen(secret)))
    }

    /// Keeps `key` until `expires` (Unix seconds; `nil`: the end of the session), with an
    /// expirer that removes it then. The service has no idle timeout: `idle` must be `nil`.
    public func keep(_ key: SecureBytes, vaultID: String, label: String, expires: Int?, idle: Int?) -> KeyStorage {
        precondition(idle == nil, "the Secret Service cannot renew a key on use")
        let collection: String
        switch self.collection {
        case .success(let alias): collection = alias
        case .failure(let failure): return .notKept(failure.reason)
        }
        guard let text = try? CachedKey.itemText(key: key, expires: expires) else { return .notKept("out of guarded memory") }
        var message: UnsafeMutablePointer<CChar>?
        let status = text.withUnsafeBytes { bytes in
            vk_store(collection, label, vaultID, bytes.baseAddress!.assumingMemoryBound(to: CChar.self),
                     Self.callTimeoutMilliseconds, &message)
        }
        let reason = Self.take(message)
        guard status == VK_OK else { return .notKept(reason ?? "the Secret Service refused to store the key") }
        if let expires { KeyExpirer.schedule(vaultID: vaultID, expires: expires, command: expirer, environment: environment) }
        return .kept
    }

    /// Removes the vault's key from every unlocked collection.
    public func removeItem(vaultID: String) -> KeyRemoval {
        if case .unavailable(let reason) = availability { return .failed(reason) }
        var message: UnsafeMutablePointer<CChar>?
        let status = vk_clear(vaultID, Self.callTimeoutMilliseconds, &message)
        let reason = Self.take(message)
        switch status {
        case VK_OK: return .removed
        case VK_NOT_FOUND: return .nothingCached
        default: return .failed(reason ?? "the Secret Service did not remove the key")
        }
    }

    private static func take(_ message: UnsafeMutablePointer<CChar>?) -> String? {
        guard let message else { return nil }
        defer { vk_free_message(message) }
        return String(cString: message)
    }
}

/// A key as kept in the keyring item: `vault-key-v1 EXPIRES BASE64KEY`, where EXPIRES is Unix
/// seconds or 0 for "until the session ends".
public struct CachedKey {
    public let key: SecureBytes
    /// When the key is gone unless it is used again; `nil`: when the session ends.
    public let expires: Date?
    /// With an idle timeout, how long after each use the key stays; `nil`: no idle timeout.
    public let idle: TimeInterval?
    /// The latest the key can last, however often it is used (Unix seconds); `nil`: the session.
    public let latestExpiry: Int?

    init(key: SecureBytes, expires: Date?, idle: TimeInterval? = nil, latestExpiry: Int? = nil) {
        self.key = key
        self.expires = expires
        self.idle = idle
        self.latestExpiry = idle == nil ? expires.map { Int($0.timeIntervalSince1970) } : latestExpiry
    }

    private static let tag = "vault-key-v1"

    /// The item's text, NUL-terminated, written straight into guarded memory.
    package static func itemText(key: SecureBytes, expires: Int?) throws -> SecureBytes {
        let header = Array("\(tag) \(expires ?? 0) ".utf8)
        let encodedLength = (key.count + 2) / 3 * 4
        let text = try SecureBytes(count: header.count + encodedLength + 1)
        text.withUnsafeMutableBytes { output in
            output.copyBytes(from: header)
            key.withUnsafeBytes { keyBytes in
                _ = sodium_bin2base64(
                    (output.baseAddress! + header.count).assumingMemoryBound(to: CChar.self), encodedLength + 1,
                    keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), keyBytes.count,
                    sodium_base64_VARIANT_ORIGINAL)
            }
        }
        return text
    }

    /// Reads an item's text; `nil` for anything that is not a well-formed item of ours.
    package init?(itemText: UnsafeRawBufferPointer) {
        let parts = itemText.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, Array(parts[0]) == Array(Self.tag.utf8),
              let seconds = Int(String(decoding: parts[1], as: UTF8.self)), seconds >= 0,
              Double(seconds) <= EntryDates.storable.upperBound
        else { return nil }
        var decoded = UnsafeRawBufferPointer(rebasing: parts[2]).withMemoryRebound(to: UInt8.self) {
            Sodium.base64Decode(UnsafeRawBufferPointer($0))
        } ?? []
        guard decoded.count == Cipher.keyLength, let key = try? SecureBytes(consuming: &decoded) else { return nil }
        self.init(key: key, expires: seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
