import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The options of `vault add` and `vault edit` that choose which analyzers judge a new password.
struct AnalysisOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Also check the new password against known breaches (Have I Been Pwned: only the first 5 characters of its SHA-1 are sent).",
        discussion: "Set \"check_breach\": true in the config file to do this every time."))
    var checkBreach = false

    /// Whether analyzers that make network requests run: asked for here or in the config.
    func includesNetwork(config: VaultConfig) -> Bool { checkBreach || config.checkBreach }
}
