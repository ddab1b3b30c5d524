import ArgumentParser

/// A command of `vault`, core or plugin: parsed by ArgumentParser, then run with the session
/// `VaultProgram` built for it from its vault options and the context the executable (or a
/// test) made, never reaching past them to the process.
public protocol VaultSubcommand: ParsableCommand {
    /// The vault options the command was given: `@OptionGroup var vault: VaultOptions`, or
    /// `VaultOptions.omitted` for a command that opens no vault. (No default, so that a group
    /// declared under another name cannot be ignored unseen.)
    var vault: VaultOptions { get }
    /// How the command gets the vault's key; most take a cached one.
    static var keyAccess: KeyAccess { get }
    /// Does the command's work; a `VaultFailure` it throws becomes one line on standard error
    /// and its exit status.
    func run(in session: VaultSession) async throws
}

extension VaultSubcommand {
    public static var keyAccess: KeyAccess { .cachedOrPassword }
}
