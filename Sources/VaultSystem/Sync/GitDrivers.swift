import VaultCore

/// The commands git runs for vault files: the merge driver (its arguments hold git's `%O %A %B
/// %P` placeholders) and the textconv (git adds the file). `SyncRepository` writes them into the
/// repository's config, the program quoted for git's shell and the arguments as given.
public struct GitDrivers: Sendable, Equatable {
    public var merge: OwnCommandLine
    public var textconv: OwnCommandLine

    public init(merge: OwnCommandLine, textconv: OwnCommandLine) {
        self.merge = merge
        self.textconv = textconv
    }

    /// `command` as a git config value: the program quoted for the shell git runs it with, and
    /// the arguments, which are plain words and git's placeholders, as they are.
    static func configValue(_ command: OwnCommandLine) -> String {
        ([ShellQuoting.forGitCommand(command.program)] + command.arguments).joined(separator: " ")
    }
}
