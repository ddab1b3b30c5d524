import VaultCore
import VaultSystem
/// The passwords of a batch on standard input, as analyzer commands read them: one per line,
/// blank lines (empty, or only spaces and tabs) ignored but counted, so that line numbers stay
/// those of the input. A line over `LineReader.maximumLineLength` is reported by number on
/// standard error, after the results already printed, and skipped; input with no password at all
/// is an error.
public enum PasswordLines {
    /// Calls `body` with each password line and its number; returns how many lines were skipped
    /// for being too long.
    public static func forEach(
        in context: CommandContext, output: OutputBuffer, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> Int {
        var passwords = 0, skipped = 0
        try LineReader.forEachLine(of: context.streams.input, { number, line in
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            passwords += 1
            try body(number, line)
        }, skipped: { number in
            try output.flush()
            context.diagnostics.error("line \(number): longer than \(LineReader.maximumLineLength / 1024) KiB, skipped")
            skipped += 1
        })
        if passwords == 0 && skipped == 0 { throw BatchInputError.noPasswords }
        return skipped
    }
}

/// A batch on standard input that holds nothing to check.
public enum BatchInputError: VaultFailure, Equatable {
    case noPasswords

    public var message: String { "no passwords on standard input (one per line)" }
    public var exitStatus: ExitStatus { .failure }
}
