import VaultKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Messages for the person at the terminal, on standard error, so standard output carries only
/// data (a password, a list, JSON) that scripts can capture. Messages often quote a path, a
/// name or a value from a file, so control characters in them are shown as escapes here, at
/// the one place every message passes; errors, warnings and notices stay one line.
public enum Diagnostics {
    public static func error(_ message: String) { write("vault: error: \(TerminalText.visible(message))\n") }
    public static func warning(_ message: String) { write("vault: warning: \(TerminalText.visible(message))\n") }
    public static func notice(_ message: String) { write("vault: note: \(TerminalText.visible(message))\n") }
    public static func note(_ message: String) { write(TerminalText.visibleLines(message) + "\n") }

    private static func write(_ text: String) {
        StandardStreams.writeError(text)
    }
}
