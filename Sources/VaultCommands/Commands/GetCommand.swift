import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault get`: prints one secret alone on a line, for `$(vault get NAME)`.
struct GetCommand: RequestingCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print an entry's password (or another field).",
        discussion: """
            Prints the password alone on one line, so that PASS=$(vault get NAME) works. With \
            --clip it goes to the clipboard instead (Wayland, X11, or the terminal through \
            OSC 52) and is cleared after 45 seconds, if the clipboard still holds it then.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var name: String

    @Option(help: ArgumentHelp(
        "Print this field instead: username, url, notes, tags, otp (the current one-time code), otpauth (its URI), public-key (an SSH key's public key line), or a custom field's name.",
        valueName: "field"))
    var field: String?

    @OptionGroup var output: OutputOptions

    @OptionGroup var clipboard: ClipOptions

    /// An SSH key's public key line is read by the SSH agent's plugin, which vault-network has.
    func needsNetworkPlugins(in context: CommandContext) throws -> Bool {
        request.asksForPublicKey
    }

    func validate() throws {
        if clipboard.clip && output.json { throw ValidationError("--clip and --json do not go together") }
    }

    /// What the command line asks for, as plain values.
    var request: GetRequest {
        GetRequest(name: name, field: field, json: output.json, clip: clipboard.choice)
    }
}

/// One `vault get` as plain values: what `GetCommand` parses to, and what `HotCommandLine`
/// makes of a plain `get` line without building the parser's tree; the work is done here.
struct GetRequest: CommandRequest {
    var name: String
    var field: String?
    var json = false
    /// Where the value goes instead of standard output (`--clip`).
    var clip: ClipChoice?

    /// The name of the field that is an SSH key entry's public key line, worked out from its
    /// private key (not a stored field, whose name has a space).
    static let publicKeyField = "public-key"

    /// Whether this asks for an SSH key's public key line.
    var asksForPublicKey: Bool { field?.lowercased() == Self.publicKeyField }

    func run(in session: VaultSession) throws {
        let routed = try session.routed(name)
        try routed.within { vault, name in try run(name, shownAs: routed.shownName, in: vault) }
    }

    /// Runs the request for the entry `name` of the vault of `session`, which the person calls `shownName`.
    private func run(_ name: String, shownAs shownName: String, in session: VaultSession) throws {
        let context = session.context
        if field?.lowercased() == "otp" && !json {
            // A code, not a stored value: issued as `vault otp` issues it (a HOTP counter moves on,
            // so the clipboard is checked first).
            try clip?.ensureAvailable(in: context)
            let issued = try OneTimeCodes.issue(forEntryNamed: name, at: context.now(), in: session)
            try deliver(issued.code, of: shownName, in: session)
            return session.record(.reveal, entry: name, detail: RevealDetail.text("otp code", clip: clip))
        }
        var entry = try session.entry(givenAs: name)
        if json {
            entry.name = shownName
            try JSONOutput.print(entry, to: context.streams)
            return session.record(.reveal, entry: name, detail: "the whole entry as JSON")
        }
        if asksForPublicKey {
            return try deliver(try publicKeyLine(of: entry, in: context), of: shownName, in: session)
        }
        let shown = field ?? "password"
        // The name as the person gave it, under the mount's prefix.
        let value = shown.lowercased() == "name" ? shownName : try EntryField.value(of: shown, in: entry)
        try deliver(value, of: shownName, in: session)
        session.record(.reveal, entry: name, detail: RevealDetail.text(shown, clip: clip))
    }

    /// The public key line of the SSH key entry `entry`, by the plugin that reads key files.
    private func publicKeyLine(of entry: Entry, in context: CommandContext) throws -> String {
        guard entry.type == .sshKey, let privateKey = entry.field(named: EntryType.privateKeyField)?.value else {
            throw EntryError.noSuchField(entry: entry.name, field: Self.publicKeyField)
        }
        guard let reader = context.plugins.capabilities(SSHPublicKeyReader.self).first else {
            throw PluginError.missingCapability("an SSH key reader")
        }
        return try reader.publicKeyLine(privateKey: privateKey, passphrase: entry.password)
    }

    private func deliver(_ value: String, of name: String, in session: VaultSession) throws {
        if let clip {
            try clip.copy(value, describing: name, in: session)
        } else {
            try session.context.streams.write(value + "\n")
        }
    }
}
