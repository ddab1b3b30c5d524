import Foundation
import VaultCore
import VaultSystem

/// Makes key caches over one keyring (the real one, or a session of its in-memory double), each
/// reading the clock it is given, as the commands of one login do: what one keeps, the next
/// finds.
struct CacheMaker {
    let make: (_ now: @escaping @Sendable () -> Date) -> any KeyringBackend

    func cache(now: @escaping @Sendable () -> Date = { Date() }) -> any KeyringBackend { make(now) }
}
