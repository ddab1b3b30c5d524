import VaultSystem

/// vault's own command lines that other programs run for it, spelt here, in the command-line
/// layer that owns the grammar, and handed to the system layer as values: git's merge driver and
/// textconv, and the Secret Service key expirer. A test parses each with the full parser.
public enum OwnCommandLines {
    /// The merge driver (`sync merge-driver`, with git's placeholders) and the textconv
    /// (`sync textconv`) of the vault at `executable`.
    public static func gitDrivers(executable: String) -> GitDrivers {
        GitDrivers(
            merge: OwnCommandLine(program: executable, arguments: ["sync", "merge-driver", "%O", "%A", "%B", "%P"]),
            textconv: OwnCommandLine(program: executable, arguments: ["sync", "textconv"]))
    }

    /// The helper that removes a Secret Service key when it expires (`keyring-expire`).
    public static func keyExpirer(executable: String) -> OwnCommandLine {
        OwnCommandLine(program: executable, arguments: ["keyring-expire"])
    }
}
