import EXIF
import Entropy
import Generator
import VaultCLI
import VaultCore
import VaultSystem

/// The one list of built-in plugins. Adding a plugin is a folder under Plugins/, a target in
/// Package.swift, and a line here. The plugins that go on the network (breach, tls) and the SSH
/// agent (with swift-crypto's RSA) are not compiled into `vault`, so that it starts without
/// their libraries: vault-network (Sources/VaultNetwork) puts them in their place in the list.
public enum BuiltinPlugins {
    /// Every built-in plugin, in the order `vault plugins` lists them and `vault audit` asks
    /// their auditors: the local ones with `network` (the breach, TLS and SSH agent plugins, or none)
    /// among them.
    public static func all(network: [any VaultPlugin]) -> [any VaultPlugin] {
        [GeneratorPlugin(), EntropyPlugin()] + network + [EXIFPlugin()]
    }

    /// The commands of the plugins vault-network carries, which `vault` hands to it by name.
    /// (CLITests checks them against the plugins themselves.)
    public static let networkCommandNames = ["breach", "tls", "ssh-agent"]
}
