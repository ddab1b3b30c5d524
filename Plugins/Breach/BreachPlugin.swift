import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The breach check: the `vault breach` command (passwords through Have I Been Pwned's range API
/// or a downloaded copy, accounts through its breach API), the `SecretAnalyzer` that `vault add
/// --check-breach` uses, and the `EntryAuditor`s of `vault audit` for both.
public struct BreachPlugin: VaultPlugin {
    public init() {}
    public var id: String { "breach" }
    public var summary: String { "Known breaches through Have I Been Pwned: passwords (k-anonymity, or an offline copy) and accounts" }
    public var commands: [ParsableCommand.Type] { [BreachCommand.self] }
    public var capabilities: [any PluginCapability] { [BreachAnalyzer(), BreachAuditor(), AccountAuditor()] }
}
