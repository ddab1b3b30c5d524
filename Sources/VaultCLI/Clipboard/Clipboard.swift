import VaultCore
import VaultSystem
/// A place to put a secret for pasting. Backends: Wayland (wl-copy), X11 (xclip or xsel), and
/// OSC 52 (an escape sequence that asks the terminal, even over SSH, to set the clipboard).
public protocol Clipboard {
    /// The backend's name for messages and `--clip-backend`: wayland, x11, osc52.
    var name: String { get }
    /// Replaces the clipboard's content with `secret`, which is passed through a pipe or the
    /// terminal, never through a command line.
    func copy(_ secret: UnsafeRawBufferPointer) throws(ClipboardError)
    /// The clipboard's current content, cut after `limit` bytes, or `nil` when this backend
    /// cannot read it back.
    func read(limit: Int) throws(ClipboardError) -> SecureBytes?
    /// Empties the clipboard.
    func clear() throws(ClipboardError)
}

/// Clipboard failures; an unavailable clipboard exits 6.
public enum ClipboardError: VaultFailure, Equatable {
    case unavailable(String)
    case helperFailed(String, String)

    public var message: String {
        switch self {
        case .unavailable(let why):
            return "no clipboard: \(why)"
        case .helperFailed(let helper, let why):
            return "the clipboard helper \(helper) failed: \(why)"
        }
    }

    public var exitStatus: ExitStatus {
        if case .unavailable = self { return .unavailable }
        return .failure
    }
}

extension ClipboardError {
    /// A clipboard helper that failed, as a clipboard failure.
    init(_ failure: HelperProcessError) {
        switch failure {
        case .failed(let helper, let why): self = .helperFailed(helper, why)
        }
    }
}
