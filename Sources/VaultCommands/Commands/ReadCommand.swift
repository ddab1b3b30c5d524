import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `vault read REF`: prints the secret a reference names, for scripts that hold references
/// rather than secrets.
struct ReadCommand: RequestingCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print the secret a reference (vault://NAME#FIELD) names.",
        discussion: """
            vault://NAME is the entry's password; vault://NAME#FIELD one of its fields: \
            username, url, notes, otp (the current one-time code), or a custom field's name. \
            Write #, % and spaces in a name or field percent-encoded (vault://my%20bank#pin). \
            With --output the value is written, exactly as stored, to a new file of mode 0600.
            """)

    @OptionGroup var vault: VaultOptions

    @Argument(help: ArgumentHelp("The secret reference.", valueName: "reference"))
    var reference: String

    @Flag(name: .customShort("n"), help: "Print no newline after the value.")
    var noNewline = false

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the value to this file (mode 0600) instead.", valueName: "file"))
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    func validate() throws {
        if force && output == nil { throw ValidationError("--force goes with --output") }
    }

    /// What the command line asks for, as plain values.
    var request: ReadRequest {
        ReadRequest(reference: reference, noNewline: noNewline, output: output, force: force)
    }
}

/// One `vault read` as plain values: what `ReadCommand` parses to, and what `HotCommandLine`
/// makes of a plain `read` line; the work is done here.
struct ReadRequest: CommandRequest {
    var reference: String
    var noNewline = false
    /// `--output`: the file to write the value to instead.
    var output: String?
    var force = false

    func run(in session: VaultSession) throws {
        let context = session.context
        let parsed = try SecretReference(parsing: reference)
        let file = output.map { SecretOutputFile(path: $0, force: force) }
        try file?.checkFree()
        let references = try RoutedReferences([parsed], in: session)
        let value = try references.resolve(at: context.now())[parsed]!
        if let file {
            try file.write(Array(value.utf8))
        } else {
            try context.streams.write(noNewline ? value : value + "\n")
        }
        references.record(how: file == nil ? "to standard output" : "to a file")
    }
}
