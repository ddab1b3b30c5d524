import FoundationEssentials
import VaultCLI
import VaultCore

/// Secret references across the person's vault and the team vaults mounted in it
/// (`vault read`, `run`, `inject`): each goes to the vault its name leads to
/// (`VaultSession.routed`), every vault is read once for all of its references, and each
/// reveal is recorded in the log of the vault it came from.
struct RoutedReferences {
    /// The references of one vault: its session, and each reference inside it (naming the
    /// entry as that vault does) to the reference as given.
    private struct Group {
        var session: VaultSession
        var prefix: String?
        var inner: [SecretReference: SecretReference] = [:]
    }

    /// The groups, the own vault's first, then by prefix.
    private let groups: [Group]

    /// `references` sorted into the vaults they lead to from `session`.
    init(_ references: some Collection<SecretReference>, in session: VaultSession) throws {
        var byPrefix: [String: Group] = [:]
        for reference in references {
            let routed = try session.routed(reference.name)
            byPrefix[routed.prefix ?? "", default: Group(session: routed.session, prefix: routed.prefix)]
                .inner[SecretReference(name: routed.name, field: reference.field)] = reference
        }
        groups = byPrefix.keys.sorted().map { byPrefix[$0]! }
    }

    /// The value of each reference (`SecretResolver.resolve`), keyed by the reference as given;
    /// an unresolved one is named as given.
    func resolve(at date: Date) throws -> [SecretReference: String] {
        var values: [SecretReference: String] = [:]
        for group in groups {
            do {
                let found = try SecretResolver.resolve(group.inner.keys, at: date, in: group.session)
                for (inner, given) in group.inner {
                    // `#name` is the name as the person sees it, under the mount's prefix.
                    values[given] = inner.field?.lowercased() == "name" ? MountTable.name(inner.name, under: group.prefix) : found[inner]
                }
            } catch SecretReferenceError.unresolved(let inner, let why, let status) {
                throw SecretReferenceError.unresolved(group.inner[inner] ?? inner, why, status)
            }
        }
        return values
    }

    /// Records the reveals of the references, used `how` (`ReferenceReveals`), each in the
    /// log of its vault.
    func record(how: String) {
        for group in groups { ReferenceReveals.record(group.inner.keys, how: how, in: group.session) }
    }
}
