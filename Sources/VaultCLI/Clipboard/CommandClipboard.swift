import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif
/// A clipboard driven by helper programs: wl-copy/wl-paste on Wayland, xclip or xsel on X11.
public struct CommandClipboard: Clipboard {
    public let name: String
    /// The environment the helpers get (the display to reach, PATH).
    let environment: [String: String]
    let copyCommand: (path: String, arguments: [String])
    let pasteCommand: (path: String, arguments: [String])
    let clearCommand: (path: String, arguments: [String])

    /// wl-clipboard, if both of its programs are on PATH.
    public static func wayland(environment: [String: String]) -> CommandClipboard? {
        guard let copy = ExecutableLookup.find("wl-copy", environment: environment),
              let paste = ExecutableLookup.find("wl-paste", environment: environment) else { return nil }
        return CommandClipboard(
            name: "wayland", environment: environment, copyCommand: (copy, ["--type", "text/plain"]),
            pasteCommand: (paste, ["--no-newline"]), clearCommand: (copy, ["--clear"]))
    }

    /// xclip, else xsel, on the CLIPBOARD selection.
    public static func x11(environment: [String: String]) -> CommandClipboard? {
        let xsel = ExecutableLookup.find("xsel", environment: environment)
        if let xclip = ExecutableLookup.find("xclip", environment: environment) {
            // Clearing with xsel gives up the selection; xclip can only own an empty one,
            // which leaves a process serving it until the next copy.
            return CommandClipboard(
                name: "x11", environment: environment, copyCommand: (xclip, ["-selection", "clipboard", "-in"]),
                pasteCommand: (xclip, ["-selection", "clipboard", "-out"]),
                clearCommand: xsel.map { ($0, ["--clipboard", "--clear"]) } ?? (xclip, ["-selection", "clipboard", "-in"]))
        }
        if let xsel {
            return CommandClipboard(
                name: "x11", environment: environment, copyCommand: (xsel, ["--clipboard", "--input"]),
                pasteCommand: (xsel, ["--clipboard", "--output"]),
                clearCommand: (xsel, ["--clipboard", "--clear"]))
        }
        return nil
    }

    /// Copies through the helper, which keeps the selection in a process it leaves behind; that
    /// process leads a session of its own, so that it outlives vault's terminal. Returns once
    /// the clipboard serves the copy (see `awaitServing`).
    public func copy(_ secret: UnsafeRawBufferPointer) throws(ClipboardError) {
        let result = try Self.helper { () throws(HelperProcessError) in
            try HelperProcess.run(copyCommand.path, copyCommand.arguments, environment: environment, input: secret, ownSession: true)
        }
        guard result.status == 0 else {
            let helper = Paths.lastComponent(of: copyCommand.path)
            throw .unavailable("\(helper) could not reach the \(name == "wayland" ? "Wayland compositor" : "X display") (exit status \(result.status))")
        }
        awaitServing(secret)
    }

    /// Waits, for about two seconds at most, until a paste gives `secret`. The helper's
    /// foreground process may exit before the one it leaves behind has told the display server
    /// that it owns the selection (xclip 0.13 forks with that request still unsent), and a paste
    /// made at once, by a person or a script, would otherwise get the clipboard's previous
    /// content. The bound is on the clock, so a paste helper that hangs until its own timeout
    /// is tried once more at most.
    private func awaitServing(_ secret: UnsafeRawBufferPointer) {
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            guard let current = try? read(limit: secret.count + 1) else { return }
            if current.withUnsafeBytes({ Sodium.constantTimeEqual($0, secret) }) { return }
            usleep(20_000)
        }
    }

    public func read(limit: Int) throws(ClipboardError) -> SecureBytes? {
        // No owner, or an empty selection (a failed paste prints nothing): nothing of ours is there.
        try Self.helper { () throws(HelperProcessError) in
            try HelperProcess.run(pasteCommand.path, pasteCommand.arguments, environment: environment, captureOutput: limit, timeout: 3)
        }.output
    }

    public func clear() throws(ClipboardError) {
        let result = try Self.helper { () throws(HelperProcessError) in try HelperProcess.run(clearCommand.path, clearCommand.arguments, environment: environment, input: nil) }
        guard result.status == 0 else { throw .helperFailed(clearCommand.path, "exit status \(result.status)") }
    }

    /// Runs a helper, its failure reported as the clipboard's.
    private static func helper(_ run: () throws(HelperProcessError) -> HelperProcess.Result) throws(ClipboardError) -> HelperProcess.Result {
        do throws(HelperProcessError) { return try run() } catch { throw ClipboardError(error) }
    }
}
