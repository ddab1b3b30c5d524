import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The password-strength estimator: the `vault entropy` command, and the `SecretAnalyzer` that
/// makes `vault add` and `vault edit` warn about weak passwords.
public struct EntropyPlugin: VaultPlugin {
    public init() {}
    public var id: String { "entropy" }
    public var summary: String { "Password strength: guesses an informed attacker needs, explained" }
    public var commands: [ParsableCommand.Type] { [EntropyCommand.self] }
    public var capabilities: [any PluginCapability] { [StrengthAnalyzer(), StrengthAuditor()] }
}
