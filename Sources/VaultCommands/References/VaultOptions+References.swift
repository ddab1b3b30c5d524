import VaultCLI
import VaultKit

extension VaultOptions {
    /// The values of `references`, from the vault of these options, opened once (and not at all
    /// when there are none).
    func resolve(_ references: some Collection<SecretReference>, in context: CommandContext) throws -> [SecretReference: String] {
        guard !references.isEmpty else { return [:] }
        return try SecretResolver.resolve(references, at: context.now(), in: store(in: context), using: unlocker(in: context))
    }
}
