import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault edit`: changes parts of an entry; a new password pushes the old one into the history.
struct EditCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an entry.",
        discussion: """
            Takes the same options as add. --url and --tag replace the entry's URLs and tags \
            when given; --field and --secret-field set one field each. With --password the new \
            password is read like add reads it, with --generate a new one is generated (rotation); \
            either way the old one is kept in the entry's history.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name.", completion: .entryName)
    var name: String

    @OptionGroup var details: EntryDetailsOptions

    @Flag(help: "Set a new password.")
    var password = false

    @OptionGroup var generator: GenerateOptions
    @OptionGroup var clipboard: ClipOptions
    @OptionGroup var analysis: AnalysisOptions

    /// A breach check, asked for here or in the config, is the breach plugin's; it judges a new
    /// password given by the person (`--password`), never a generated one (as `run` does below).
    func needsNetworkPlugins(in context: CommandContext) throws -> Bool {
        try password && analysis.includesNetwork(config: context.config())
    }

    @Option(name: .customLong("remove-field"), help: ArgumentHelp("Remove a custom field; repeat for several.", valueName: "key"))
    var removedFields: [String] = []

    @Flag(help: "Remove the one-time password setting.")
    var removeOTP = false

    func validate() throws {
        if password && generator.generate { throw ValidationError("--password reads a new password and --generate makes one: choose one") }
        if clipboard.clip && !password && !generator.generate {
            throw ValidationError("--clip copies a new password: use it with --generate or --password")
        }
        if analysis.checkBreach && !password {
            throw ValidationError("--check-breach checks a new password you give: use it with --password")
        }
        if removeOTP && details.otp { throw ValidationError("--otp sets a one-time password and --remove-otp removes it: choose one") }
        if details.isEmpty && !password && !generator.generate && removedFields.isEmpty && !removeOTP {
            throw ValidationError("nothing to change: give at least one option (see vault edit --help)")
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let typesSecrets = password || !details.secretFields.isEmpty || details.otp
        let routed = try session.routed(name)
        let session = routed.session
        let name = try routed.within { session, name in
            try EntryChangeChecks.check(name, entry: typesSecrets ? .present : nil, generator: generator, clipboard: clipboard, in: session)
        }
        let shownName = routed.shownName
        var input = details.secretInput
        if password { input.labels.insert("new password for \(shownName)", at: 0) }
        let generated = generator.generate ? try generator.newPassword(in: context) : nil
        var secrets = try (generated.map { [$0.text] } ?? []) + input.read(in: context)
        let now = context.now().toTheSecond
        var newPassword: String?
        var stored: Entry? = nil
        try routed.within { session, _ in try session.mutate(entriesNamed: [name]) { entries in
            guard var entry = try entries.entry(named: name) else { throw EntryError.notFound(name) }
            if password || generator.generate {
                newPassword = secrets.removeFirst()
                entry.changePassword(to: newPassword!, at: now)
            }
            for field in removedFields {
                guard entry.field(named: field) != nil else { throw EntryError.noSuchField(entry: name, field: field) }
                entry.fields.removeAll { $0.name == field }
            }
            try details.apply(to: &entry, secretValues: secrets)
            if removeOTP {
                guard entry.otp != nil else { throw EntryError.noSuchField(entry: name, field: "otp") }
                entry.otp = nil
            }
            entry.modified = now
            try entries.put(entry)
            stored = entry
            stored?.name = shownName
        } }
        GenerateOptions.report(generated, in: context)
        context.diagnostics.note("Updated \(shownName).")
        if let newPassword, generated == nil {
            await AnalyzerWarnings.report(on: newPassword, entry: stored, includingNetwork: analysis.includesNetwork(config: try session.config()), in: context)
        }
        if clipboard.clip, let newPassword {
            try clipboard.copy(newPassword, describing: shownName, in: session)
        }
    }
}
