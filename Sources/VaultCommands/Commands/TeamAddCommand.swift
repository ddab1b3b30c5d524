import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault team add IDENTITY --name MEMBER`: lets someone into a team vault, once their
/// fingerprint has been checked with them.
struct TeamAddCommand: VaultSubcommand {
    static let eventName = "team add"

    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Let someone into a team vault.",
        discussion: """
            IDENTITY is what `vault identity` printed for them (vault1…). Shows its fingerprint \
            and asks whether it is the one they read to you by another way than the one the \
            identity came by (in person, on the phone): an identity swapped on the way would \
            let its sender in. Without a terminal, --yes says you checked it. The new member \
            reads every entry the vault holds, from now on and as it was before.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("Their public identity (vault1…).", valueName: "identity"))
    var identity: String

    @Option(help: ArgumentHelp("Their name in the member list.", valueName: "member"))
    var name: String

    @Flag(name: .shortAndLong, help: "Do not ask: the fingerprint was checked with them.")
    var yes = false

    func run(in session: VaultSession) async throws {
        guard let identity = PublicIdentity(text: identity) else {
            throw ValidationError("'\(identity.prefix(12))…' is not a public identity (vault1 and 111 letters and digits, as vault identity prints it)")
        }
        guard identity.hasUsableKeys else { throw TeamLogError.unusableIdentity }
        let context = session.context
        let store = session.store
        let current = try store.teamLog(using: session.unlocker()).state
        if let holder = current.member(holding: identity) { throw TeamLogError.alreadyMember(holder.name) }
        if !yes {
            guard context.streams.inputIsTerminal, let terminal = try? context.terminal.open() else {
                throw TerminalError.confirmationNeeded("adding a member (once you checked their fingerprint, --yes)")
            }
            context.diagnostics.note("Adding \(TerminalText.visible(name)) to the team \(TerminalText.visible(current.team)) (\(store.path)).")
            context.diagnostics.note("Their fingerprint: \(identity.fingerprint)")
            guard terminal.confirm("Did \(TerminalText.visible(name)) read you this same fingerprint, by another way than the identity came?") else {
                context.diagnostics.note("Nobody was added.")
                throw TerminalError.cancelled
            }
        }
        let log = try store.addMember(name, identity: identity, using: session.unlocker())
        let added = log.state.members.first { $0.identity == identity }?.name ?? name
        session.record(.teamAdd, detail: "\(added), fingerprint \(identity.fingerprint)")
        context.diagnostics.note("Added \(TerminalText.visible(name)). Members: \(log.state.members.map { TerminalText.visible($0.name) }.joined(separator: ", ")).")
    }
}
