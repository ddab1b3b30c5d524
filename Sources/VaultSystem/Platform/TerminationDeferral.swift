import VaultCore
/// Holds off the termination signals (`TerminationSignals`) while work that must not be cut
/// short runs, such as a file linked under a temporary name and not yet renamed, or a batch of
/// photos being rewritten: a signal that arrives meanwhile takes effect when the last such work
/// is done.
public struct TerminationDeferral: Sendable {
    /// Runs `body` with the termination signals held off.
    public static func holding<Value, Failure: Error>(
        _ body: (TerminationDeferral) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        TerminationSignals.hold()
        defer { TerminationSignals.release() }
        return try body(TerminationDeferral())
    }

    /// Whether a signal is waiting to take effect: a batch checks this before each item, so
    /// that it stops early instead of finishing everything.
    public var isPending: Bool { TerminationSignals.isPending }
}
