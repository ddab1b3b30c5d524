import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault team mount`: puts a team vault under a prefix of the person's own vault's names, or
/// lists the mounts.
struct TeamMountCommand: VaultSubcommand {
    static let eventName = "team mount"

    static let configuration = CommandConfiguration(
        commandName: "mount",
        abstract: "Put a team vault under a prefix of your vault's names, or list the mounts.",
        discussion: """
            vault team mount PATH PREFIX makes PREFIX/NAME the entry NAME of the team vault at \
            PATH, for get, show, otp, add, edit, rm, mv, attach, read, run and inject, and adds \
            its entries, under PREFIX/, to list, search, audit and completion. It checks that \
            you are a member and that your vault has no entries under PREFIX/, then writes \
            "mounts" in the settings file ($XDG_CONFIG_HOME/vault/config.json, written back with \
            its keys sorted). --mount PREFIX on any command is --vault PATH. Without arguments, \
            lists the mounts: prefix and path, one per line.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("The team vault file.", valueName: "path"), completion: .file())
    var path: String?

    @Argument(help: ArgumentHelp("The prefix its entries' names get (team makes db/prod team/db/prod).", valueName: "prefix"))
    var prefix: String?

    func validate() throws {
        if (path == nil) != (prefix == nil) { throw ValidationError("give both the team vault's path and the prefix, or neither to list the mounts") }
    }

    func run(in session: VaultSession) async throws {
        let mounts = try session.config().mounts
        guard let path, let prefix else {
            try session.context.streams.writeLines(mounts.prefixes.map { "\(TerminalText.visible($0))\t\(TerminalText.visible(mounts.paths[$0]!))" })
            return
        }
        guard session.selection.isOwnVault else { throw MountError.notOwnVault }
        let name = try EntryName.normalized(prefix)
        let file = VaultStore.resolved(path)
        try check(name, file: file, against: mounts, home: session.context.environment["HOME"])
        _ = try MountTable(checking: mounts.paths.merging([name: file]) { $1 })
        // A member only: opening its list of members checks the person's identity against it.
        let team = session.mounted(at: name, path: file)
        guard try team.store.header().isTeam else { throw MountError.notATeamVault(file) }
        let teamName = try team.store.teamLog(using: team.unlocker()).state.team
        let hidden = try session.open().entries.names.filter { MountTable.name($0, isInside: name) }
        if !hidden.isEmpty { throw MountError.ownEntriesUnderPrefix(name, hidden) }
        try MountSetting.change(environment: session.context.environment) { mounts in
            // Checked again on the file as it is now.
            try check(name, file: file, against: mounts, home: session.context.environment["HOME"])
            try mounts.adding(prefix: name, path: file)
        }
        session.diagnostics.note("Mounted the team vault \(teamName) (\(file)) at \(name)/: its entries are \(name)/NAME.")
    }

    /// Refuses the mount of `file` at `prefix` when `mounts` has that prefix for another file,
    /// or that file at another prefix (its entries would be listed twice).
    private func check(_ prefix: String, file: String, against mounts: MountTable, home: String?) throws {
        for other in mounts.prefixes {
            let path = mounts.paths[other]!
            let same = VaultStore.resolved(MountTable.expanded(path, home: home)) == file
            if other == prefix && !same { throw MountError.mountedElsewhere(prefix: prefix, path: path) }
            if other != prefix && same { throw MountError.mountedTwice(path: file, prefix: other) }
        }
    }
}

/// `vault team unmount`: takes a mount away (the team vault's file stays).
struct TeamUnmountCommand: VaultSubcommand {
    static let eventName = "team unmount"

    static let configuration = CommandConfiguration(
        commandName: "unmount",
        abstract: "Take a team vault's mount away (the team vault stays).",
        discussion: "Removes PREFIX from \"mounts\" in the settings file; the team vault's file is left as it is.")

    var vault: VaultOptions { .omitted }

    @Argument(help: ArgumentHelp("The mount's prefix.", valueName: "prefix"))
    var prefix: String

    func run(in session: VaultSession) async throws {
        let name = prefix.nfcNormalized
        try MountSetting.change(environment: session.context.environment) { mounts in
            guard mounts.removing(prefix: name) else { throw MountError.notMounted(name) }
        }
        session.diagnostics.note("Unmounted \(name)/; the team vault's file is unchanged.")
    }
}
