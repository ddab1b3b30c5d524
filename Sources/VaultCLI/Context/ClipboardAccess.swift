import VaultCore
import VaultSystem

/// The clipboards a command may copy a secret to, and the clearer that empties them later: the
/// system's (Wayland, X11, OSC 52, chosen from the environment) for the process; a test may
/// give others.
public struct ClipboardAccess: Sendable {
    /// The backends to try, in order, when none was asked for.
    public var automatic: [ClipboardBackend]
    /// Opens one backend, or says why it cannot be used here.
    public var open: @Sendable (ClipboardBackend) throws(ClipboardError) -> any Clipboard
    /// Starts the clearer for a secret just copied to the named backend, after `seconds`.
    public var scheduleClearing: @Sendable (_ secret: UnsafeRawBufferPointer, _ backend: String, _ seconds: Double) throws(ClipboardError) -> Void

    public init(
        automatic: [ClipboardBackend], open: @escaping @Sendable (ClipboardBackend) throws(ClipboardError) -> any Clipboard,
        scheduleClearing: @escaping @Sendable (UnsafeRawBufferPointer, String, Double) throws(ClipboardError) -> Void
    ) {
        self.automatic = automatic
        self.open = open
        self.scheduleClearing = scheduleClearing
    }

    /// The system's clipboards as `environment` and standard error show them, cleared by
    /// `executable clipboard-clear`.
    public static func system(environment: [String: String], streams: StandardStreams, executable: String) -> ClipboardAccess {
        ClipboardAccess(
            automatic: ClipboardBackend.candidates(environment: environment, errorIsTerminal: streams.errorIsTerminal),
            open: { backend throws(ClipboardError) in
                try backend.open(environment: environment, terminal: streams.error.rawValue)
            },
            scheduleClearing: { secret, backend, seconds throws(ClipboardError) in
                try ClipboardClearer.schedule(
                    clearing: secret, from: backend, after: seconds, executable: executable, environment: environment,
                    terminal: streams.error.rawValue)
            })
    }

    /// Copies `secret` to the chosen backend, or to the first automatic candidate that takes it
    /// (a stale WAYLAND_DISPLAY falls through to X11), and returns the clipboard used.
    public func copy(_ secret: UnsafeRawBufferPointer, to requested: ClipboardBackend?) throws -> any Clipboard {
        try firstSuccess(requested) { clipboard in
            try clipboard.copy(secret)
            return clipboard
        }
    }

    /// The clipboard that would be used, without touching it (exit 6 when there is none).
    public func usable(_ requested: ClipboardBackend?) throws -> any Clipboard {
        try firstSuccess(requested) { $0 }
    }

    /// `use` applied to the requested backend, or to each automatic candidate in turn until one
    /// succeeds; otherwise the first failure.
    private func firstSuccess<R>(_ requested: ClipboardBackend?, _ use: (any Clipboard) throws -> R) throws -> R {
        var failure: Error?
        for candidate in requested.map({ [$0] }) ?? automatic {
            do {
                return try use(try open(candidate))
            } catch {
                failure = failure ?? error
            }
        }
        throw failure ?? ClipboardError.unavailable("no Wayland or X11 display with a clipboard tool, and no terminal for OSC 52; install wl-clipboard (Wayland) or xclip or xsel (X11)")
    }
}
