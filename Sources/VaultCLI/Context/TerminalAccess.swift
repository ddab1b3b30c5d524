import VaultCore
import VaultSystem

/// A person at a terminal, who can type a secret without echo, type lines of text, and answer a
/// yes/no question.
public protocol Terminal {
    /// Reads one line with echo off; with `confirm`, twice, and the two must match.
    func readSecret(prompt: String, confirm: Bool, what: String) throws -> SecureBytes
    /// Reads lines after one prompt, with or without echo: the first, then more while `more`
    /// says the lines so far go on, until the person ends the input (Ctrl-D); none when the
    /// input ends at once.
    func readLines(prompt: String, echo: Bool, while more: ([SecureBytes]) -> Bool) throws -> [SecureBytes]
    /// Asks a yes/no question; anything but y or yes is no.
    func confirm(_ question: String) -> Bool
}

extension Terminal {
    /// Reads one line, which may be empty, with or without echo; nil when the person ends the
    /// input (Ctrl-D).
    public func readLine(prompt: String, echo: Bool) throws -> SecureBytes? {
        try readLines(prompt: prompt, echo: echo, while: { _ in false }).first
    }
}

/// How a command reaches the person: the process's controlling terminal (`/dev/tty`, which
/// works while standard input and output are redirected), or nobody (a test, or a process
/// without a terminal, where every question is refused as it would be under cron). The same
/// terminal can be taken over as a full screen, for `vault pick`.
public struct TerminalAccess: Sendable {
    private let opener: @Sendable () throws(TerminalError) -> any Terminal
    private let screenOpener: @Sendable () throws(TerminalError) -> any FullScreen

    public init(
        open: @escaping @Sendable () throws(TerminalError) -> any Terminal,
        openScreen: @escaping @Sendable () throws(TerminalError) -> any FullScreen = { () throws(TerminalError) in
            throw .noTerminal("a choice of entry")
        }
    ) {
        opener = open
        screenOpener = openScreen
    }

    /// The terminal, or `TerminalError.noTerminal` when there is none.
    public func open() throws(TerminalError) -> any Terminal {
        try opener()
    }

    /// The terminal taken over as a full screen until it is closed, or
    /// `TerminalError.noTerminal` when there is none.
    public func openScreen() throws(TerminalError) -> any FullScreen {
        try screenOpener()
    }

    /// The process's controlling terminal.
    public static let controlling = TerminalAccess(
        open: { () throws(TerminalError) in try ControllingTerminal() },
        openScreen: { () throws(TerminalError) in try ControllingScreen() })

    /// No terminal at all.
    public static let none = TerminalAccess { () throws(TerminalError) in throw .noTerminal("input") }
}
