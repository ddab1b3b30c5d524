import VaultCLI
import VaultCore
import VaultSystem

/// Reads the secrets of an entry (its password, the values of secret fields) the way pass
/// does: typed twice without echo on a terminal, or one line each from standard input when
/// it is a pipe, in the order asked.
struct SecretInput {
    /// What to ask for, such as "password for web/github".
    var labels: [String]
    /// Asked for after `labels`, once each without a second typing: values a person pastes
    /// rather than invents (an otpauth URI), which are checked when they are read.
    var unconfirmed: [String] = []

    /// Everything asked for, in order.
    var all: [String] { labels + unconfirmed }

    func read(in context: CommandContext) throws -> [String] {
        guard !all.isEmpty else { return [] }
        if context.streams.inputIsTerminal {
            let terminal = try context.terminal.open()
            return try decode(all.enumerated().map { index, label in
                try terminal.readSecret(prompt: "Enter \(label): ", confirm: index < labels.count, what: "the \(label)")
            })
        }
        return try decode(SecretReader.lines(from: context.streams.input, count: all.count, what: all.joined(separator: ", ")))
    }

    /// The secrets from lines of standard input that another reader has already taken its own
    /// lines from: exactly one non-empty line for each, as `read` requires.
    func take(_ lines: ArraySlice<SecureBytes>, linesBefore: Int, what: String) throws -> [String] {
        guard lines.count == all.count else {
            throw InputError.wrongLineCount(what: what, expected: linesBefore + all.count, got: linesBefore + lines.count)
        }
        for line in lines where line.count == 0 { throw InputError.emptySecret(all.joined(separator: ", ")) }
        return try decode(Array(lines))
    }

    private func decode(_ secrets: [SecureBytes]) throws -> [String] {
        try zip(secrets, all).map { secret, label in try secret.text(describing: "the \(label)") }
    }
}

extension SecureBytes {
    /// The bytes as text, refused unless they are valid UTF-8.
    func text(describing what: String) throws -> String {
        guard let text = withUnsafeBytes({ String(validating: $0, as: UTF8.self) }) else {
            throw EntryError.invalidField("\(what) is not valid UTF-8 text")
        }
        return text
    }
}
