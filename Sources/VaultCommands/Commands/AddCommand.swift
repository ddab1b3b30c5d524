import ArgumentParser
import VaultCLI
import VaultKit

/// `vault add`: stores a new entry. The password is typed twice without echo, or piped in.
struct AddCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an entry.",
        discussion: """
            The password is read from the terminal without echo (twice), or from standard input \
            when it is not a terminal: one line for the password, then one line for each \
            --secret-field, in order. It is never taken from the command line. With --generate \
            it is generated instead (see vault generate for the options), and --clip copies it.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name, such as web/github.")
    var name: String

    @OptionGroup var details: EntryDetailsOptions

    @Flag(help: "Replace an entry of the same name; its password goes into the history.")
    var force = false

    @OptionGroup var generator: GenerateOptions
    @OptionGroup var clipboard: ClipOptions
    @OptionGroup var analysis: AnalysisOptions

    func validate() throws {
        if generator.generate && analysis.checkBreach {
            throw ValidationError("--check-breach checks a password you give; a generated one is new")
        }
    }

    func run(in context: CommandContext) async throws {
        let name = try EntryName.normalized(name)
        try generator.checkPolicy(in: context)
        if clipboard.clip { try clipboard.ensureAvailable(in: context) }
        let store = vault.store(in: context)
        let unlocker = try vault.unlocker(in: context)
        if context.streams.inputIsTerminal && !force {
            // Say so before a person types a password in vain.
            if try store.open(using: unlocker).entries.contains(name) { throw EntryError.alreadyExists(name) }
        }
        let generated = generator.generate ? try generator.newPassword(in: context) : nil
        var input = details.secretInput
        if !generator.generate { input.labels.insert("password for \(name)", at: 0) }
        let secrets = try (generated.map { [$0.text] } ?? []) + input.read(in: context)
        let now = context.now().toTheSecond
        var stored: Entry? = nil
        let replaced = try store.mutate(using: unlocker) { entries -> Bool in
            let existing = try entries.entry(named: name)
            if existing != nil && !force { throw EntryError.alreadyExists(name) }
            var entry = Entry(name: name, created: existing?.created ?? now, modified: now, history: existing?.history ?? [])
            entry.password = existing?.password
            entry.changePassword(to: secrets[0], at: now)
            try details.apply(to: &entry, secretValues: Array(secrets.dropFirst()))
            try entries.put(entry)
            stored = entry
            return existing != nil
        }
        GenerateOptions.report(generated, in: context)
        context.diagnostics.note(replaced ? "Replaced \(name)." : "Added \(name).")
        // A generated password's strength is the generator's own figure, printed above.
        if generated == nil {
            await AnalyzerWarnings.report(on: secrets[0], entry: stored, includingNetwork: analysis.includesNetwork(config: try context.config()), in: context)
        }
        if clipboard.clip { try clipboard.copy(secrets[0], describing: name, config: context.config(), in: context) }
    }
}

import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
