import VaultKit
#if canImport(Glibc)
import Glibc
#endif

/// The clipboard backends, and the automatic choice between them: Wayland when
/// WAYLAND_DISPLAY is set, X11 when DISPLAY is set, OSC 52 when standard error is a terminal.
public enum ClipboardBackend: String, CaseIterable, Sendable {
    case wayland, x11, osc52

    /// Copies `secret` to the chosen backend, or to the first automatic candidate that takes it
    /// (a stale WAYLAND_DISPLAY falls through to X11), and returns the clipboard used.
    public static func copy(
        _ secret: UnsafeRawBufferPointer, to requested: ClipboardBackend?, environment: [String: String]
    ) throws -> Clipboard {
        try firstSuccess(requested, environment: environment) { clipboard in
            try clipboard.copy(secret)
            return clipboard
        }
    }

    /// The clipboard that would be used, without touching it (exit 6 when there is none).
    public static func usable(_ requested: ClipboardBackend?, environment: [String: String]) throws -> Clipboard {
        try firstSuccess(requested, environment: environment) { $0 }
    }

    /// `use` applied to the requested backend, or to each automatic candidate in turn until one
    /// succeeds; otherwise the first failure.
    private static func firstSuccess<R>(
        _ requested: ClipboardBackend?, environment: [String: String], _ use: (Clipboard) throws -> R
    ) throws -> R {
        var failure: Error?
        for candidate in requested.map({ [$0] }) ?? candidates(environment: environment) {
            do {
                return try use(try candidate.open(environment: environment))
            } catch {
                failure = failure ?? error
            }
        }
        throw failure ?? ClipboardError.unavailable("no Wayland or X11 display with a clipboard tool, and no terminal for OSC 52; install wl-clipboard (Wayland) or xclip or xsel (X11)")
    }

    /// The backends worth trying here, in order.
    static func candidates(environment: [String: String]) -> [ClipboardBackend] {
        (environment["WAYLAND_DISPLAY"].map { $0.isEmpty ? [] : [.wayland] } ?? [])
            + (environment["DISPLAY"].map { $0.isEmpty ? [] : [.x11] } ?? [])
            + (isatty(2) == 1 ? [.osc52] : [])
    }

    /// This backend, or why it cannot be used here.
    public func open(environment: [String: String], terminal: Int32 = 2) throws(ClipboardError) -> Clipboard {
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
