import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault inject`: renders a template (a config file with `{{ vault://NAME#FIELD }}` where its
/// secrets go) into the file a program reads, so that the template can live in git.
struct InjectCommand: VaultSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "inject",
        abstract: "Copy a template, replacing {{ vault://NAME#FIELD }} with the secrets.",
        discussion: """
            Reads the template from --in-file or standard input and writes it to --out-file \
            or standard output with every {{ vault://NAME }} or {{ vault://NAME#FIELD }} (spaces \
            inside the braces optional) replaced by the value; other {{ … }} are left as they \
            are. A reference that the vault cannot resolve fails the whole command, naming it, \
            and nothing is written. The output file is new, of mode 0600, and written at once \
            (atomically); an existing one is replaced only with --force.
            """)

    @OptionGroup var vault: VaultOptions

    @Option(name: [.customShort("i"), .customLong("in-file")], help: ArgumentHelp("The template (default: standard input).", valueName: "file"))
    var template: String?

    @Option(name: [.customShort("o"), .customLong("out-file")], help: ArgumentHelp("Write the result to this file (mode 0600) instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Replace the --out-file if it exists.")
    var force = false

    /// The largest template read: far past any configuration file.
    static let templateLimit = 64 << 20

    func validate() throws {
        if force && output == nil { throw ValidationError("--force goes with --out-file") }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let parsed = try SecretTemplate(try readTemplate(in: context))
        let file = output.map { SecretOutputFile(path: $0, force: force) }
        try file?.checkFree()
        let references = try RoutedReferences(parsed.references, in: session)
        let values = try references.resolve(at: context.now())
        let rendered = parsed.rendered(with: values)
        if let file {
            try file.write(rendered)
        } else {
            try context.streams.write(rendered)
        }
        references.record(how: file == nil ? "into a template, to standard output" : "into a template, to a file")
    }

    private func readTemplate(in context: CommandContext) throws -> [UInt8] {
        guard let template else { return try context.streams.readAll() }
        return try InputFile(path: template, role: "a template", limit: Self.templateLimit).bytes()
    }
}
