import VaultCLI
import VaultCore
import VaultSystem

/// Reads what `vault add --type T` asks for when T is not a login: the type's fields in the
/// type's order (`EntryType.fields`, the derived ones aside), an SSH key's passphrase, a note's
/// text; then whatever `secrets` asks for (secret fields, a one-time code setting).
///
/// On a terminal each field is asked for, the secret ones without echo, and an empty answer
/// leaves the field out; a PEM private key is pasted whole (it ends at its `-----END` line); a
/// note is typed with echo and ended with Ctrl-D. From standard input: one line for each field
/// (an empty line for one left out), a private key as its `-----BEGIN` to `-----END` lines,
/// then one line for each of `secrets`; a note is all of standard input.
struct TypedEntryInput {
    let type: EntryType
    let secrets: SecretInput

    /// What was read.
    struct Values {
        /// The type's fields that were given, in the type's order, secret as the type says.
        var fields: [CustomField] = []
        /// The entry's password: a login's, or an SSH key's passphrase.
        var password: String?
        /// A note's text.
        var text: String?
        /// The values `secrets` asked for, in its order.
        var secretValues: [String] = []
        /// What checking the values found (a mistyped card number), to be told without them
        /// once the entry is stored.
        var warnings: [String] = []
    }

    /// All that standard input may hold for a typed entry: a long note or several keys' worth.
    static let inputLimit = 1 << 20

    private var asked: [EntryType.Field] { type.fields.filter { !$0.derived } }

    func read(in context: CommandContext) throws -> Values {
        if context.streams.inputIsTerminal {
            let terminal = try context.terminal.open()
            var values = try readTyped(from: terminal)
            values.secretValues = try secrets.read(in: context)
            return values
        }
        let lines = try SecretReader.allLines(from: context.streams.input, capacity: Self.inputLimit, what: "standard input")
        return try take(lines[...])
    }

    // MARK: Terminal

    private func readTyped(from terminal: any Terminal) throws -> Values {
        var values = Values()
        if type == .note {
            let lines = try terminal.readLines(prompt: "Type the note; end it with Ctrl-D on a line of its own.\n", echo: true) { _ in true }
            values.text = try Self.nonEmptyText(lines.map { try $0.text(describing: "the note") })
            return values
        }
        for field in asked {
            let label = field.prompt.prefix(1).uppercased() + field.prompt.dropFirst()
            let lines = try terminal.readLines(prompt: "\(label)\(field.secret ? " (hidden)" : ""): ", echo: !field.secret) { lines in
                // Only the first and the newest line tell whether a PEM block goes on.
                let text = { (line: SecureBytes) in line.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
                return Self.goesOn(first: text(lines[0]), last: text(lines[lines.count - 1]), count: lines.count, field: field)
            }
            values.add(field, try Self.value(lines.map { try $0.text(describing: "the \(field.prompt)") }, of: field))
        }
        if type == .sshKey {
            let typed = try terminal.readLine(prompt: "Passphrase of the key (hidden; empty for none): ", echo: false) ?? SecureBytes(count: 0)
            if typed.count > 0 {
                let again = try terminal.readLine(prompt: "Again: ", echo: false) ?? SecureBytes(count: 0)
                guard typed.constantTimeEquals(again) else { throw TerminalError.mismatch }
                values.password = try typed.text(describing: "the passphrase")
            }
        }
        return values
    }

    // MARK: Standard input

    private func take(_ lines: ArraySlice<SecureBytes>) throws -> Values {
        var values = Values()
        if type == .note {
            values.text = try Self.nonEmptyText(lines.map { try $0.text(describing: "the note") })
            return values
        }
        // Counted in values, not lines: a private key is one value of several lines.
        var rest = lines
        var expected = asked.map(\.prompt)
        if type == .sshKey { expected.append("passphrase") }
        let what = (expected + secrets.all).joined(separator: ", ")
        var taken = 0
        func short() -> InputError { .wrongLineCount(what: what, expected: expected.count + secrets.all.count, got: taken) }
        for field in asked {
            guard let first = rest.popFirst() else { throw short() }
            taken += 1
            var value = [try first.text(describing: "the \(field.prompt)")]
            while Self.goesOn(value, field: field), let next = rest.popFirst() {
                value.append(try next.text(describing: "the \(field.prompt)"))
            }
            values.add(field, try Self.value(value, of: field))
        }
        if type == .sshKey {
            guard let passphrase = rest.popFirst() else { throw short() }
            taken += 1
            if passphrase.count > 0 { values.password = try passphrase.text(describing: "the passphrase") }
        }
        values.secretValues = try secrets.take(rest, linesBefore: taken, what: what)
        return values
    }

    // MARK: Shared

    /// Whether a field's value goes on past `lines`: only a PEM block (a private key) spans
    /// lines, from its `-----BEGIN` line to its `-----END` line.
    private static func goesOn(_ lines: [String], field: EntryType.Field) -> Bool {
        guard let first = lines.first, let last = lines.last else { return false }
        return goesOn(first: first, last: last, count: lines.count, field: field)
    }

    private static func goesOn(first: String, last: String, count: Int, field: EntryType.Field) -> Bool {
        guard field.multiline, first.hasPrefix("-----BEGIN ") else { return false }
        return count == 1 || !last.hasPrefix("-----END ")
    }

    /// The value of a field from its lines, refused when a PEM block was cut short.
    private static func value(_ lines: [String], of field: EntryType.Field) throws -> String {
        if goesOn(lines, field: field) { throw EntryError.invalidField("the \(field.prompt) has no -----END line") }
        return lines.joined(separator: "\n")
    }

    private static func nonEmptyText(_ lines: [String]) throws -> String {
        let text = lines.joined(separator: "\n")
        guard text.contains(where: { !$0.isWhitespace }) else { throw InputError.emptySecret("the note's text") }
        return text
    }
}

extension TypedEntryInput.Values {
    /// Keeps a field's answer unless it is empty (a field left out).
    fileprivate mutating func add(_ field: EntryType.Field, _ value: String) {
        guard !value.isEmpty else { return }
        fields.append(CustomField(name: field.name, value: value, secret: field.secret))
    }
}
