import VaultCLI
import VaultCommands

/// The `vault` executable: the core commands and the local plugins; a command line that needs
/// the breach check or the TLS audit goes to vault-network, installed beside it.
@main
enum VaultMain {
    static func main() async {
        await ProcessLauncher.main { executable throws(PluginError) in
            try VaultProgram.local(companion: .installed(beside: executable))
        }
    }
}
