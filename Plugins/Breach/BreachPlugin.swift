import ArgumentParser
import VaultCLI
import VaultKit

/// The breach check: the `vault breach` command (Have I Been Pwned's range API, or a downloaded
/// copy), and the `SecretAnalyzer` that `vault add --check-breach` uses.
public struct BreachPlugin: VaultPlugin {
    public init() {}
    public var id: String { "breach" }
    public var summary: String { "Known-breach check through Have I Been Pwned (k-anonymity) or an offline copy" }
    public var commands: [ParsableCommand.Type] { [BreachCommand.self] }
    public var capabilities: [any PluginCapability] { [BreachAnalyzer(), AccountAuditor()] }
}
