import VaultCLI
import VaultKit

/// Runs every registered `SecretAnalyzer` over a password that `vault add` or `vault edit` just
/// stored, and prints what they found as warnings on standard error. It never fails the command:
/// the entry is saved, and an analyzer that cannot run only says so. Analyzers that make network
/// requests run only with `includingNetwork` (the user asked for them).
enum AnalyzerWarnings {
    static func report(on secret: String, entry: Entry?, includingNetwork: Bool) {
        for analyzer in PluginRegistry.shared.capabilities(SecretAnalyzer.self)
        where includingNetwork || !analyzer.makesNetworkRequests {
            do {
                for finding in try analyzer.analyze(secret, entry: entry) where finding.severity >= .warning {
                    Diagnostics.warning(finding.message)
                }
            } catch let failure as VaultFailure {
                Diagnostics.warning("the password could not be checked: \(failure.message)")
            } catch {
                Diagnostics.warning("the password could not be checked")
            }
        }
    }
}
