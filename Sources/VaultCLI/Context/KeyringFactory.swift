import VaultCore
import VaultSystem
import FoundationEssentials

/// Makes the keyrings a command keeps the vault's key in: the kernel keyring and the Secret
/// Service of the process, or others where a test asks for them.
public struct KeyringFactory: Sendable {
    private let kernel: @Sendable () -> any KeyringBackend
    private let secretService: @Sendable () -> any KeyringBackend
    private let now: @Sendable () -> Date
    /// The lifetimes `vault unlock` recorded per vault.
    public let records: KeyLifetimeRecords?

    public init(
        kernel: @escaping @Sendable () -> any KeyringBackend, secretService: @escaping @Sendable () -> any KeyringBackend,
        records: KeyLifetimeRecords? = nil, now: @escaping @Sendable () -> Date
    ) {
        self.kernel = kernel
        self.secretService = secretService
        self.records = records
        self.now = now
    }

    /// Both keyrings, kernel first, keeping keys for the lifetime recorded for their vault, else
    /// `lifetime`; `onUnavailable` is told, once, why a key could be kept in neither, and for
    /// which vault.
    public func keyrings(
        lifetime: KeyLifetime = KeyLifetime(), onUnavailable: @escaping (_ reason: String, _ vaultID: String) -> Void = { _, _ in }
    ) -> Keyrings {
        Keyrings(kernel: kernel(), secretService: secretService(), lifetime: lifetime, records: records, now: now, onUnavailable: onUnavailable)
    }

    /// The Secret Service alone, for the helper that removes its expired keys.
    public func secretServiceOnly() -> any KeyringBackend { secretService() }

    /// This process's kernel keyring, and the freedesktop Secret Service through libsecret on
    /// the process's session bus (libsecret finds the bus itself, from the process's
    /// environment); `executable` (vault), started with `environment`, removes Secret Service
    /// keys that expire, and `now` tells when they do; the lifetimes `vault unlock` recorded
    /// are in the state home the environment names.
    public static func system(
        executable: String, environment: [String: String], now: @escaping @Sendable () -> Date
    ) -> KeyringFactory {
        KeyringFactory(
            kernel: { KernelKeyCache(now: now) },
            secretService: { SecretServiceKeyCache(expirer: OwnCommandLines.keyExpirer(executable: executable), environment: environment, now: now) },
            records: KeyLifetimeRecords(stateHome: XDGFolders.stateHome(environment: environment)),
            now: now)
    }
}
