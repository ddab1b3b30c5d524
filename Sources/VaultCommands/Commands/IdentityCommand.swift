import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault identity`: prints this person's public identity for team vaults, made (and kept in
/// the personal vault) on first use.
struct IdentityCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "identity",
        abstract: "Print your public identity for team vaults (made on first use).",
        discussion: """
            Prints the identity a team vault's key is sealed to for you: `vault1` and 111 \
            letters and digits, on a line of its own, the text you send to whoever lets you into \
            a team vault, then its fingerprint, eight groups of four characters, which you read \
            to them (on the phone, in person) so they know the identity they were sent is yours. Both are public. The \
            secret it is made from lives in your vault, sealed with its entries: whoever opens \
            your vault opens every team vault you belong to, and a backup of the vault file \
            keeps it (an export does not). The first run makes the identity, which changes the \
            vault; later runs, on any machine the vault syncs to, print the same one. With \
            --json: identity and fingerprint.
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    /// What `identity` prints.
    struct Report: Encodable {
        var identity: String
        var fingerprint: String
    }

    func run(in session: VaultSession) async throws {
        let identity = try session.firstIdentity().publicIdentity
        let report = Report(identity: identity.text, fingerprint: identity.fingerprint)
        if output.json {
            try JSONOutput.print(report, to: session.context.streams)
        } else {
            try session.context.streams.write("\(report.identity)\nfingerprint: \(report.fingerprint)\n")
        }
    }
}
