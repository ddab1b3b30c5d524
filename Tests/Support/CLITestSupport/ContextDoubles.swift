import Foundation
import Synchronization
import VaultCLI
import VaultCore
import VaultSystem

/// A person at a terminal, played by a test: answers secrets, lines and yes/no questions from
/// its script in order, and remembers every prompt and question it was shown (and, for lines,
/// whether they were asked with echo). Running out of answers is a cancelled prompt, as Ctrl-D
/// would be.
package final class ScriptedTerminal: Terminal, Sendable {
    /// `.line` answers `readLines` (and, being typed text, `readSecret` too); `.end` is Ctrl-D
    /// there.
    package enum Answer: Sendable { case secret(String), line(String), end, yes, no }

    private let state: Mutex<(answers: [Answer], shown: [String], echoed: [Bool])>

    package init(_ answers: [Answer]) { state = Mutex((answers, [], [])) }

    /// Every prompt and question, in order.
    package var shown: [String] { state.withLock { $0.shown } }
    /// For each `readLines` (or `readLine`), whether it was asked with echo on.
    package var echoed: [Bool] { state.withLock { $0.echoed } }

    package var access: TerminalAccess { TerminalAccess { () throws(TerminalError) in self } }

    /// Takes `.line` (or `.secret`) answers while `more` asks for them; `.end`, or running out
    /// of answers, ends the input as Ctrl-D would.
    package func readLines(prompt: String, echo: Bool, while more: ([SecureBytes]) -> Bool) throws -> [SecureBytes] {
        state.withLock { state in
            state.shown.append(prompt)
            state.echoed.append(echo)
        }
        var lines: [SecureBytes] = []
        while true {
            let answer = state.withLock { state -> Answer? in state.answers.isEmpty ? nil : state.answers.removeFirst() }
            switch answer {
            case .line(let text)?, .secret(let text)?:
                var bytes = Array(text.utf8)
                lines.append(try SecureBytes(consuming: &bytes))
                if !more(lines) { return lines }
            case .end?, nil:
                // Ctrl-D, as at a real terminal: the lines so far, none if it came first.
                return lines
            default:
                throw TerminalError.cancelled
            }
        }
    }

    package func readSecret(prompt: String, confirm: Bool, what: String) throws -> SecureBytes {
        let answer = state.withLock { state -> Answer? in
            state.shown.append(prompt)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        let text: String
        switch answer {
        case .secret(let typed)?, .line(let typed)?: text = typed
        default: throw TerminalError.cancelled
        }
        var bytes = Array(text.utf8)
        return try SecureBytes(consuming: &bytes)
    }

    package func confirm(_ question: String) -> Bool {
        state.withLock { state in
            state.shown.append(question)
            guard !state.answers.isEmpty, case .yes = state.answers.removeFirst() else { return false }
            return true
        }
    }
}

/// A clipboard a test reads: keeps what was copied and each clearing it was asked to schedule;
/// with `readsBack`, it tells vault what it holds, as X11 and Wayland do (else it cannot, as
/// OSC 52).
package final class RecordingClipboard: Clipboard, Sendable {
    package let name: String
    private let readsBack: Bool
    private let state = Mutex<(content: [UInt8]?, clearings: [Double])>((nil, []))

    package init(name: String = "x11", readsBack: Bool = false) {
        self.name = name
        self.readsBack = readsBack
    }

    package var content: String? { state.withLock { $0.content.map { String(decoding: $0, as: UTF8.self) } } }
    package var clearings: [Double] { state.withLock { $0.clearings } }

    package func copy(_ secret: UnsafeRawBufferPointer) throws(ClipboardError) { state.withLock { $0.content = Array(secret) } }
    package func read(limit: Int) throws(ClipboardError) -> SecureBytes? {
        guard readsBack else { return nil }
        var held = Array((state.withLock { $0.content } ?? []).prefix(limit))
        return try? SecureBytes(consuming: &held)
    }
    package func clear() throws(ClipboardError) { state.withLock { $0.content = nil } }

    /// Clipboard access with this clipboard as the only automatic backend; scheduling a
    /// clearing records its delay, or fails with `failure`.
    package func access(failingToSchedule failure: ClipboardError? = nil) -> ClipboardAccess {
        ClipboardAccess(
            automatic: [ClipboardBackend(rawValue: name)!],
            open: { backend throws(ClipboardError) in
                guard backend.rawValue == self.name else { throw .unavailable("only \(self.name) in this test") }
                return self
            },
            scheduleClearing: { _, _, seconds throws(ClipboardError) in
                if let failure { throw failure }
                self.state.withLock { $0.clearings.append(seconds) }
            })
    }
}
