import ArgumentParser
import FoundationEssentials
import VaultCLI
import VaultCore
import VaultSystem

/// `vault team init PATH --name NAME`: a new team vault with the person as its only member.
struct TeamInitCommand: VaultSubcommand {
    static let eventName = "team init"

    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a team vault with you as its only member.",
        discussion: """
            Makes the team vault PATH (which must not exist), sealed to your identity (made in \
            your vault first if it has none). --me names you in its member list (your login \
            name by default). The vault of --vault (or $VAULT_PATH) is yours, whose identity \
            opens the team vault.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("Where to make the team vault.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("The team's name.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("Your name in the member list (default: your login name).", valueName: "name"))
    var me: String?

    @Option(help: ArgumentHelp("xchacha20poly1305 (default) or aes256gcm.", valueName: "cipher"))
    var cipher: String = Cipher.xchacha20poly1305.rawValue

    func run(in session: VaultSession) async throws {
        guard let cipher = Cipher(rawValue: cipher) else { throw ValidationError("--cipher '\(cipher)' is neither xchacha20poly1305 nor aes256gcm") }
        let identity = try session.firstIdentity()
        let founder = me ?? session.context.environment["USER"] ?? "me"
        let id = UUID().uuidString.lowercased()
        let log = try TeamLog.founding(team: name, founder: founder, identity: identity, vaultID: id, at: try session.changeStamp())
        let team = session.forVault(at: path)
        try team.store.createTeam(log, id: id, cipher: cipher, founder: identity)
        session.diagnostics.note("""
            Made the team vault \(team.store.path) (team \(name)) with you, \(founder), as its only member. \
            Add others with: vault team add THEIR-IDENTITY --name THEIR-NAME --vault \(path)
            """)
    }
}
