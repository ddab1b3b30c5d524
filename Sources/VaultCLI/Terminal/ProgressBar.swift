import VaultCore
import VaultSystem
import Synchronization

/// A progress bar on standard error, for batches that take a while (`vault breach --all`): drawn
/// only when standard error is a terminal, redrawn at most ten times a second, safe to advance
/// from concurrent tasks, and erased when the batch ends.
public final class ProgressBar: Sendable {
    private struct State {
        var done = 0
        var lastDrawn: ContinuousClock.Instant?
        var finished = false
    }

    private let total: Int
    private let label: String
    private let streams: StandardStreams
    private let state = Mutex(State())
    private static let width = 30

    /// A bar for `total` steps, or nil when there is nothing worth showing (not a terminal, or a
    /// single step).
    public init?(total: Int, label: String, streams: StandardStreams) {
        guard total > 1, streams.errorIsTerminal else { return nil }
        self.total = total
        self.label = label
        self.streams = streams
    }

    public func advance() {
        state.withLock { state in
            guard !state.finished else { return }
            state.done += 1
            let now = ContinuousClock.now
            guard state.done == total || state.lastDrawn.map({ $0.duration(to: now) >= .milliseconds(100) }) ?? true else { return }
            state.lastDrawn = now
            let filled = Self.width * state.done / total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
            streams.writeError("\r\(label) [\(bar)] \(state.done)/\(total)")
        }
    }

    /// Erases the bar, so that what follows starts on a clean line; later calls do nothing.
    public func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            streams.writeError("\r\u{1B}[K")
        }
    }
}
