import VaultCore
import VaultSystem

/// The master password typed at the controlling terminal (`/dev/tty`), without echo, even
/// when standard input is a pipe, the way ssh and gpg ask.
public struct TerminalPasswordPrompt: PasswordSource {
    let access: TerminalAccess

    public init(_ access: TerminalAccess) { self.access = access }

    public func masterPassword(prompt: String, confirm: Bool) throws -> SecureBytes {
        let terminal: any Terminal
        do { terminal = try access.open() } catch {
            throw InputError.locked
        }
        return try terminal.readSecret(prompt: prompt, confirm: confirm, what: "the master password")
    }
}
