import VaultCLI
import VaultKit

/// Reads the secrets of an entry (its password, the values of secret fields) the way pass
/// does: typed twice without echo on a terminal, or one line each from standard input when
/// it is a pipe, in the order asked.
struct SecretInput {
    /// What to ask for, such as "password for web/github".
    var labels: [String]
    /// Asked for after `labels`, once each without a second typing: values a person pastes
    /// rather than invents (an otpauth URI), which are checked when they are read.
    var unconfirmed: [String] = []

    func read(in context: CommandContext) throws -> [String] {
        let all = labels + unconfirmed
        guard !all.isEmpty else { return [] }
        let secrets: [SecureBytes]
        if context.streams.inputIsTerminal {
            let terminal = try context.terminal.open()
            secrets = try all.enumerated().map { index, label in
                try terminal.readSecret(prompt: "Enter \(label): ", confirm: index < labels.count, what: "the \(label)")
            }
        } else {
            secrets = try SecretReader.lines(from: context.streams.input, count: all.count, what: all.joined(separator: ", "))
        }
        return try zip(secrets, all).map { secret, label in
            guard let text = secret.withUnsafeBytes({ String(validating: $0, as: UTF8.self) }) else {
                throw EntryError.invalidField("the \(label) is not valid UTF-8 text")
            }
            return text
        }
    }
}
