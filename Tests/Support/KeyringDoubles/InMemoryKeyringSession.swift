import FoundationEssentials
import Synchronization
import VaultCore
import VaultSystem

/// The two keyrings of one login session, in memory, for tests: a kernel keyring and a Secret
/// Service that every cache made from the session reaches, as every command of a login reaches
/// the real ones, so that what one command keeps the next one finds. Either may be made
/// unavailable, with the reason the real one would give.
///
/// The kernel keeps time by the session's clock, `now`: its timeouts end keys when that clock
/// reaches them, whether or not anyone looks. Each cache made from the session reads its own
/// clock, as each command does (the caches of `KernelKeyCache` and `SecretServiceKeyCache` are
/// given one too). Keys are kept in ordinary memory: this is for tests only.
public final class InMemoryKeyringSession: Sendable {
    let kernelAvailability: KeyringAvailability
    let secretServiceAvailability: KeyringAvailability
    let now: @Sendable () -> Date
    /// The kernel's keys, by description.
    let kernel = Mutex(SimulatedKernelKeyring())
    /// The Secret Service's items, by vault id: their text, as `SecretServiceKeyCache` writes it.
    let secretServiceItems = Mutex<[String: [UInt8]]>([:])

    /// A session whose keyrings are available in the places the real ones report where a login
    /// has both (or unavailable for a reason), on the clock `now`.
    public init(
        kernel: KeyringAvailability = .available(place: "session keyring"),
        secretService: KeyringAvailability = .available(place: "session collection"),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        kernelAvailability = kernel
        secretServiceAvailability = secretService
        self.now = now
    }

    /// The second the kernel's clock is in (it counts whole seconds).
    var kernelSecond: Int { Int(now().timeIntervalSince1970.rounded(.down)) }

    /// A cache over the session's kernel keyring, on the clock `now` (the session's if nil).
    public func kernelKeyring(now: (@Sendable () -> Date)? = nil) -> InMemoryKernelKeyring {
        InMemoryKernelKeyring(session: self, now: now ?? self.now)
    }

    /// A cache over the session's Secret Service, on the clock `now` (the session's if nil).
    public func secretService(now: (@Sendable () -> Date)? = nil) -> InMemorySecretService {
        InMemorySecretService(session: self, now: now ?? self.now)
    }
}
