import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The options of `vault breach` that check e-mail addresses, instead of passwords, against
/// Have I Been Pwned's breached-account API.
struct AccountOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Check an e-mail address against the breached-account API (needs an API key).", valueName: "email"))
    var account: String?

    @Flag(help: "Check every e-mail address in the vault (user names and plain custom fields).")
    var accounts = false

    @Option(name: .customLong("api-key-entry"),
            help: ArgumentHelp("The entry whose password is the Have I Been Pwned API key (default: \(APIKey.defaultEntry)).", valueName: "name"))
    var apiKeyEntry: String?

    @Option(name: .customLong("accounts-api-url"),
            help: ArgumentHelp("The breached-account API to ask (default: \(AccountClient.defaultBaseURL)).", valueName: "url"))
    var apiURL: String?

    /// Whether addresses, rather than passwords, are to be checked.
    var isChosen: Bool { account != nil || accounts }

    func validate() throws {
        if account != nil && accounts { throw ValidationError("--account and --accounts do not go together") }
        if !isChosen && (apiKeyEntry != nil || apiURL != nil) {
            throw ValidationError("--api-key-entry and --accounts-api-url go with --account or --accounts")
        }
        if let account, !EmailAddress.isAddress(account) {
            throw ValidationError("'\(TerminalText.visible(account))' is not an e-mail address")
        }
        if let apiURL {
            do { _ = try AccountClient.normalized(apiURL) } catch { throw ValidationError(error.message) }
        }
    }
}
