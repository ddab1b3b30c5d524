import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The password and passphrase generator: the `vault generate` command, and the
/// `SecretGenerator` capability behind `vault add --generate` and `vault edit --generate`.
public struct GeneratorPlugin: VaultPlugin {
    public init() {}
    public var id: String { "generator" }
    public var summary: String { "Random passwords and EFF word-list passphrases" }
    public var commands: [ParsableCommand.Type] { [GenerateCommand.self] }
    public var capabilities: [any PluginCapability] { [PasswordGenerator()] }
}
