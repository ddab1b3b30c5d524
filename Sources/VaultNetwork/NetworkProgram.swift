import ArgumentParser
import Breach
import SSHAgent
import TLSAudit
import VaultCLI
import VaultCommands

/// The whole program, as vault-network runs it (and the in-process tests): every built-in plugin,
/// the network ones (breach, tls) in their place among them.
public enum NetworkProgram {
    /// The plugins whose libraries `vault` itself does not carry: those that go on the network,
    /// and the SSH agent, with swift-crypto's RSA.
    public static let plugins: [any VaultPlugin] = [BreachPlugin(), TLSPlugin(), SSHAgentPlugin()]

    /// The program with every plugin, handing nothing on.
    public static func whole() throws(PluginError) -> VaultProgram {
        try VaultProgram(root: NetworkVaultCommand.self, plugins: BuiltinPlugins.all(network: plugins), companion: nil)
    }
}

/// The root command of the whole program: `vault`'s, with the network plugins' commands.
public struct NetworkVaultCommand: ParsableCommand {
    public init() {}

    public static let configuration = VaultCommand.rootConfiguration(plugins: BuiltinPlugins.all(network: NetworkProgram.plugins))
}
