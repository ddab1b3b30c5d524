import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault add`: stores a new entry. A login's password is typed twice without echo, or piped
/// in; the other types ask for their own fields (`TypedEntryInput`).
struct AddCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an entry.",
        discussion: """
            The password is read from the terminal without echo (twice), or from standard input \
            when it is not a terminal: one line for the password, then one line for each \
            --secret-field, in order. It is never taken from the command line. With --generate \
            it is generated instead (see vault generate for the options), and --clip copies it.

            --type card, bank, identity and ssh-key ask for the type's fields in order instead \
            of a password (card: cardholder, number, expiry, security code, PIN; bank: account \
            holder, IBAN, BIC, account number; identity: full name, address, phone, e-mail, \
            passport, identity card and driving licence numbers; ssh-key: private key, public \
            key, passphrase), the secret ones without echo; an empty answer leaves a field out. \
            From standard input, one line each (an empty line for a field left out; a private \
            key as its -----BEGIN to -----END lines), then the --secret-field values. A card \
            number failing the Luhn check or an IBAN failing its mod-97 check is warned about. \
            An SSH key's fingerprint is worked out from its public key. --type note reads the \
            note's text: typed, ended by Ctrl-D, or all of standard input.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: "The entry's name, such as web/github.")
    var name: String

    @Option(help: ArgumentHelp("What the entry holds: login, card, bank, identity, note or ssh-key.", valueName: "type"))
    var type: EntryType = .login

    @OptionGroup var details: EntryDetailsOptions

    @Flag(help: "Replace an entry of the same name; its password goes into the history.")
    var force = false

    @OptionGroup var generator: GenerateOptions
    @OptionGroup var clipboard: ClipOptions
    @OptionGroup var analysis: AnalysisOptions

    /// A breach check, asked for here or in the config, is the breach plugin's; it judges a
    /// login's password given by the person, never a generated one (as `run` does below).
    func needsNetworkPlugins(in context: CommandContext) throws -> Bool {
        try type == .login && !generator.generate && analysis.includesNetwork(config: context.config())
    }

    func validate() throws {
        if generator.generate && analysis.checkBreach {
            throw ValidationError("--check-breach checks a password you give; a generated one is new")
        }
        if type != .login && (generator.generate || clipboard.clip || analysis.checkBreach) {
            throw ValidationError("--generate, --clip and --check-breach are for a login's password; --type \(type.rawValue) has none")
        }
        if type == .note && (details.note != nil || details.otp || !details.secretFields.isEmpty) {
            throw ValidationError("--type note is its text alone, read from the terminal or standard input: leave out --note, --otp and --secret-field")
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let routed = try session.routed(name)
        let session = routed.session
        let name = try routed.within { session, name in
            try EntryChangeChecks.check(name, entry: force ? nil : .absent, generator: generator, clipboard: clipboard, in: session)
        }
        let shownName = routed.shownName
        let generated = generator.generate ? try generator.newPassword(in: context) : nil
        let typed = try values(generated: generated, name: shownName, in: context)
        let now = context.now().toTheSecond
        var stored: Entry? = nil
        let replaced = try routed.within { session, _ in try session.mutate(entriesNamed: [name]) { entries -> Bool in
            let existing = try entries.entry(named: name)
            if existing != nil && !force { throw EntryError.alreadyExists(name) }
            // A replaced entry keeps its identity, so that other machines see a change, not a new entry.
            var entry = Entry(name: name, type: type, created: existing?.created ?? now, modified: now, history: existing?.history ?? [],
                              id: existing?.id ?? Entry.newID())
            entry.password = existing?.password
            // The files kept with it stay: `add --force` replaces what it asks for.
            entry.attachments = existing?.attachments ?? []
            if let password = typed.password {
                entry.changePassword(to: password, at: now)
            } else {
                entry.removePassword(at: now)
            }
            try details.apply(to: &entry, secretValues: typed.secretValues)
            typed.fields.forEach { entry.setField($0) }
            if let text = typed.text { entry.notes = text }
            try entries.put(entry)
            stored = entry
            stored?.name = shownName
            return existing != nil
        } }
        GenerateOptions.report(generated, in: context)
        // Told once the entry is stored, so that a failure stays one line.
        typed.warnings.forEach(context.diagnostics.warning)
        context.diagnostics.note(replaced ? "Replaced \(shownName)." : "Added \(shownName).")
        // A generated password's strength is the generator's own figure, printed above.
        if type == .login, generated == nil, let password = typed.password {
            await AnalyzerWarnings.report(on: password, entry: stored, includingNetwork: analysis.includesNetwork(config: try session.config()), in: context)
        }
        if clipboard.clip, let password = typed.password {
            try clipboard.copy(password, describing: shownName, in: session)
        }
    }

    /// What the entry gets from the terminal or standard input (or the generator): a login's
    /// password and secret fields, or the fields of another type, checked.
    private func values(generated: GeneratedSecret?, name: String, in context: CommandContext) throws -> TypedEntryInput.Values {
        guard type == .login else {
            var typed = try TypedEntryInput(type: type, secrets: details.secretInput).read(in: context)
            typed.warnings += checksumWarnings(typed.fields)
            if type == .sshKey { addFingerprint(to: &typed) }
            return typed
        }
        var input = details.secretInput
        if generated == nil { input.labels.insert("password for \(name)", at: 0) }
        let secrets = try (generated.map { [$0.text] } ?? []) + input.read(in: context)
        return TypedEntryInput.Values(password: secrets[0], secretValues: Array(secrets.dropFirst()))
    }

    /// The warnings, without the values, about a card number or IBAN whose check digits do not match.
    private func checksumWarnings(_ fields: [CustomField]) -> [String] {
        type.fields.compactMap { template in
            guard let checksum = template.checksum, let field = fields.first(where: { $0.name == template.name }),
                  !checksum.accepts(field.value)
            else { return nil }
            return "the \(template.prompt) fails \(checksum.name): a character may be mistyped (stored as typed)"
        }
    }

    /// Adds an SSH key's fingerprint field, as `ssh-keygen -l` prints it, from the public key given.
    private func addFingerprint(to typed: inout TypedEntryInput.Values) {
        guard let publicKey = typed.fields.first(where: { $0.name == EntryType.publicKeyField })?.value else { return }
        guard let fingerprint = SSHPublicKey.fingerprint(of: publicKey) else {
            typed.warnings.append("the public key is not an OpenSSH one-line key (type, Base64, comment): no fingerprint was worked out")
            return
        }
        typed.fields.append(CustomField(name: "fingerprint", value: fingerprint, secret: false))
    }
}

extension EntryType: ExpressibleByArgument {}

import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
