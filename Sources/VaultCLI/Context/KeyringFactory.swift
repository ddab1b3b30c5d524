import VaultKit
import FoundationEssentials

/// Makes the keyring a command keeps the vault's key in: the Secret Service for the process,
/// another keyring where a test or a later cache asks for one.
public struct KeyringFactory: Sendable {
    private let make: @Sendable (TimeInterval?, @escaping (String) -> Void) -> any SessionKeyring

    public init(_ make: @escaping @Sendable (_ timeToLive: TimeInterval?, _ onUnavailable: @escaping (String) -> Void) -> any SessionKeyring) {
        self.make = make
    }

    /// A keyring whose keys live `timeToLive` seconds (`nil`: the login session); it tells
    /// `onUnavailable`, once, why it cannot keep keys.
    public func keyring(timeToLive: TimeInterval? = nil, onUnavailable: @escaping (String) -> Void = { _ in }) -> any SessionKeyring {
        make(timeToLive, onUnavailable)
    }

    /// The freedesktop Secret Service, through libsecret on the process's session bus (libsecret
    /// finds the bus itself, from the process's environment); `executable` (vault), started with
    /// `environment`, removes keys that expire, and `now` tells when they do.
    public static func secretService(
        executable: String, environment: [String: String], now: @escaping @Sendable () -> Date
    ) -> KeyringFactory {
        KeyringFactory { SecretServiceKeyCache(timeToLive: $0, expirer: executable, environment: environment, now: now, onUnavailable: $1) }
    }
}
