import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Messages for the person at the terminal, on standard error, so standard output carries only
/// data (a password, a list, JSON) that scripts can capture.
public enum Diagnostics {
    public static func error(_ message: String) { write("vault: error: \(message)\n") }
    public static func warning(_ message: String) { write("vault: warning: \(message)\n") }
    public static func notice(_ message: String) { write("vault: note: \(message)\n") }
    public static func note(_ message: String) { write(message + "\n") }

    private static func write(_ text: String) {
        StandardStreams.writeError(text)
    }
}
