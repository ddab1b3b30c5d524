import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// The clipboard backends, and the automatic order between them: Wayland when
/// WAYLAND_DISPLAY is set, X11 when DISPLAY is set, OSC 52 when standard error is a terminal.
public enum ClipboardBackend: String, CaseIterable, Sendable {
    case wayland, x11, osc52

    /// The backends worth trying here, in order.
    public static func candidates(environment: [String: String], errorIsTerminal: Bool) -> [ClipboardBackend] {
        (environment["WAYLAND_DISPLAY"].map { $0.isEmpty ? [] : [.wayland] } ?? [])
            + (environment["DISPLAY"].map { $0.isEmpty ? [] : [.x11] } ?? [])
            + (errorIsTerminal ? [.osc52] : [])
    }

    /// This backend, or why it cannot be used here.
    public func open(environment: [String: String], terminal: Int32) throws(ClipboardError) -> Clipboard {
        switch self {
        case .wayland:
            guard environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true else { throw .unavailable("WAYLAND_DISPLAY is not set") }
            guard let clipboard = CommandClipboard.wayland(environment: environment) else {
                throw .unavailable("wl-copy and wl-paste are not installed (package wl-clipboard)")
            }
            return clipboard
        case .x11:
            guard environment["DISPLAY"].map({ !$0.isEmpty }) == true else { throw .unavailable("DISPLAY is not set") }
            guard let clipboard = CommandClipboard.x11(environment: environment) else {
                throw .unavailable("neither xclip nor xsel is installed (package xclip or xsel)")
            }
            return clipboard
        case .osc52:
            guard isatty(terminal) == 1 else { throw .unavailable("OSC 52 needs standard error to be a terminal") }
            return OSC52Clipboard(descriptor: terminal)
        }
    }
}
