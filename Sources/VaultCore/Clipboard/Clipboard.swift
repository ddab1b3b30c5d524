/// A place to put a secret for pasting, which clears it again after a while. Backends
/// (Wayland, X11, OSC 52) arrive with the clipboard issue; until then there is none.
public protocol Clipboard {
    /// A short name for messages, such as "x11".
    var name: String { get }
    /// Copies `secret` and arranges for it to be cleared after `clearAfter` seconds, if the
    /// clipboard still holds it then.
    func copy(_ secret: SecureBytes, clearAfter seconds: Int) throws
}

/// The clipboard of a machine without one: every copy fails with exit code 6.
public struct NoClipboard: Clipboard {
    public init() {}
    public var name: String { "none" }
    public func copy(_ secret: SecureBytes, clearAfter seconds: Int) throws {
        throw ClipboardError.unavailable
    }
}

/// Clipboard failures.
public enum ClipboardError: VaultFailure {
    case unavailable

    public var message: String { "no clipboard is available here" }
    public var exitStatus: ExitStatus { .unavailable }
}
