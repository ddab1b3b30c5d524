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

    /// The freedesktop Secret Service, through libsecret; `executable` (vault) removes keys
    /// that expire.
    public static func secretService(executable: String) -> KeyringFactory {
        KeyringFactory { SecretServiceKeyCache(timeToLive: $0, expirer: executable, onUnavailable: $1) }
    }
}
