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
    /// The command as typed after `vault` (`attach get`), which its security events name.
    static var eventName: String { get }
    /// Does the command's work; a `VaultFailure` it throws becomes one line on standard error
    /// and its exit status.
    func run(in session: VaultSession) async throws
    /// Whether this run uses a plugin that goes on the network (the breach check, the TLS
    /// audit). `vault` carries none of them and hands such a command line, unparsed, to
    /// vault-network, which runs it whole. Asked after parsing, before `run(in:)`; most say no.
    func needsNetworkPlugins(in context: CommandContext) throws -> Bool
}

extension VaultSubcommand {
    public static var keyAccess: KeyAccess { .cachedOrPassword }
    public static var eventName: String { configuration.commandName ?? "vault" }
    public func needsNetworkPlugins(in context: CommandContext) throws -> Bool { false }
}
