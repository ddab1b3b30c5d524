import Dispatch
import Synchronization
import VaultCLI
import VaultCore
import VaultSystem

/// Runs one job per item on every core, with a progress bar on a terminal, and returns the
/// results in the order of the items (the bar on `streams`' standard error). Under `deferral`, once a termination signal is waiting,
/// the items not yet started are skipped (failing with `BatchInterrupted`) and the jobs under
/// way finish, so that no half-written file is left behind.
enum Batch {
    static func run<Item: Sendable, Value: Sendable>(
        _ items: [Item], label: String, streams: StandardStreams, deferral: TerminationDeferral,
        _ job: @Sendable (Item) throws -> Value
    ) -> [Result<Value, any Error>] {
        let results = Mutex([Result<Value, any Error>?](repeating: nil, count: items.count))
        let progress = ProgressBar(total: items.count, label: label, streams: streams)
        defer { progress?.finish() }
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            guard !deferral.isPending else { return results.withLock { $0[index] = .failure(BatchInterrupted()) } }
            let result = Result { try job(items[index]) }
            results.withLock { $0[index] = result }
            progress?.advance()
        }
        return results.withLock { $0.map { $0! } }
    }
}

/// An item skipped because the batch was interrupted.
struct BatchInterrupted: VaultFailure {
    var message: String { "not done: interrupted" }
    var exitStatus: ExitStatus { .failure }
}
