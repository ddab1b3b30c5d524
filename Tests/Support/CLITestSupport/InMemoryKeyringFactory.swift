import Foundation
import KeyringDoubles
import VaultCLI
import VaultCore
import VaultSystem

extension InMemoryKeyringSession {
    /// The keyrings a command run in-process is given: this session's two, read on the
    /// command's clock `now`, with the lifetimes `vault unlock` records in `records`.
    package func factory(records: KeyLifetimeRecords?, now: @escaping @Sendable () -> Date) -> KeyringFactory {
        KeyringFactory(kernel: { self.kernelKeyring(now: now) }, secretService: { self.secretService(now: now) },
                       records: records, now: now)
    }
}
