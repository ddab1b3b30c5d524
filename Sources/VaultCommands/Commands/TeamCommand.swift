import ArgumentParser

/// `vault team`: vaults shared between people, whose key is sealed to each member's identity.
struct TeamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Share a vault with other people: make one, add and remove members.",
        discussion: """
            A team vault has no master password of its own: its key is sealed to the identity \
            of each member (`vault identity`), which their own vault keeps, so each opens it \
            with their own master password. `vault team init PATH --name NAME` makes one with \
            you as its only member; `vault team add IDENTITY --name MEMBER --vault PATH` lets \
            someone in once you have checked their fingerprint with them; `vault team rm \
            MEMBER --vault PATH` gives the vault a new key the removed member does not get, and \
            lists the entries they could read; `vault team members --vault PATH` lists who is \
            in; `vault team mount PATH PREFIX` puts its entries under PREFIX/ of your own \
            vault's names. Every other command works on a team vault given by --vault PATH or \
            --mount PREFIX. See README, "Team vaults".
            """,
        subcommands: [TeamInitCommand.self, TeamAddCommand.self, TeamRemoveCommand.self, TeamMembersCommand.self, TeamMountCommand.self,
                      TeamUnmountCommand.self])
}
