import FoundationEssentials
import VaultCLI
import VaultCore

/// Secret references across the person's vault and the team vaults mounted in it
/// (`vault read`, `run`, `inject`): each resolved in the vault its name leads to
/// (`VaultSession.routed`), every vault read once for all of its references, and each
/// reveal recorded in the log of the vault it came from.
enum RoutedReferences {
    /// The value of each reference in `references` (`SecretResolver.resolve`), in a dictionary
    /// keyed by reference as given; an error names the reference as given.
    static func resolve(_ references: some Collection<SecretReference>, at date: Date, in session: VaultSession) throws -> [SecretReference: String] {
        var values: [SecretReference: String] = [:]
        for group in try groups(references, in: session) {
            do {
                let found = try SecretResolver.resolve(group.inner.keys, at: date, in: group.session)
                for (inner, given) in group.inner { values[given] = found[inner] }
            } catch SecretReferenceError.unresolved(let inner, let why, let status) {
                throw SecretReferenceError.unresolved(group.inner[inner] ?? inner, why, status)
            }
        }
        return values
    }

    /// Records the reveals of what `references` name, used `how` (`ReferenceReveals`), each
    /// in the log of its vault.
    static func record(_ references: some Collection<SecretReference>, how: String, in session: VaultSession) {
        guard let groups = try? groups(references, in: session) else { return }
        for group in groups { ReferenceReveals.record(group.inner.keys, how: how, in: group.session) }
    }

    /// The references of one vault: its session, and each reference inside it (named as that
    /// vault names the entry) to the reference as given.
    private struct Group {
        var session: VaultSession
        var inner: [SecretReference: SecretReference] = [:]
    }

    /// `references` grouped by the vault they lead to, the own vault's first, then by prefix.
    private static func groups(_ references: some Collection<SecretReference>, in session: VaultSession) throws -> [Group] {
        var byPrefix: [String: Group] = [:]
        for reference in references {
            let routed = try session.routed(reference.name)
            let key = routed.prefix ?? ""
            byPrefix[key, default: Group(session: routed.session)].inner[SecretReference(name: routed.name, field: reference.field)] = reference
        }
        return byPrefix.keys.sorted().map { byPrefix[$0]! }
    }
}
