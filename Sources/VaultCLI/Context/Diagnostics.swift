import VaultCore
import VaultSystem

/// Messages for the person at the terminal, on standard error, so standard output carries only
/// data (a password, a list, JSON) that scripts can capture. Messages often quote a path, a
/// name or a value from a file, so control characters in them are shown as escapes here, at
/// the one place every message passes; errors, warnings and notices stay one line.
public struct Diagnostics: Sendable {
    let streams: StandardStreams

    public init(streams: StandardStreams) { self.streams = streams }

    /// `vault: error: …`, the one line of a failed command.
    public func error(_ message: String) { streams.writeError("vault: error: \(TerminalText.visible(message))\n") }
    /// `vault: warning: …`, something the person should know though the command succeeded.
    public func warning(_ message: String) { streams.writeError("vault: warning: \(TerminalText.visible(message))\n") }
    /// `vault: note: …`, a fact about how the command ran (such as a key that was not cached).
    public func notice(_ message: String) { streams.writeError("vault: note: \(TerminalText.visible(message))\n") }
    /// A plain line or lines for the person, such as "Added web/github.".
    public func note(_ message: String) { streams.writeError(TerminalText.visibleLines(message) + "\n") }
}
