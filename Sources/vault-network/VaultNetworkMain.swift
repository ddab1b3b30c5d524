import VaultCLI
import VaultCommands
import VaultNetwork

/// vault-network: the whole program, which `vault` runs in its place for the commands of the
/// network plugins (breach, tls) and those that use them (audit, add or edit with a breach check).
@main
enum VaultNetworkMain {
    static func main() async {
        await ProcessLauncher.main { _ throws(PluginError) in try NetworkProgram.whole() }
    }
}
