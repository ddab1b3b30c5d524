import VaultCLI
import VaultCore
import VaultSystem

/// Runs every registered `SecretAnalyzer` over a password that `vault add` or `vault edit` just
/// stored, and prints what they found as warnings on standard error. It never fails the command:
/// the entry is saved, and an analyzer that cannot run only says so. Analyzers that make network
/// requests run only with `includingNetwork` (the user asked for them).
enum AnalyzerWarnings {
    static func report(on secret: String, entry: Entry?, includingNetwork: Bool, in context: CommandContext) async {
        for analyzer in context.plugins.capabilities(SecretAnalyzer.self)
        where includingNetwork || !analyzer.makesNetworkRequests {
            do {
                for finding in try await analyzer.analyze(secret, entry: entry, in: context) where finding.severity >= .warning {
                    context.diagnostics.warning(finding.message)
                }
            } catch let failure as VaultFailure {
                context.diagnostics.warning("the password could not be checked: \(failure.message)")
            } catch {
                context.diagnostics.warning("the password could not be checked")
            }
        }
    }
}
