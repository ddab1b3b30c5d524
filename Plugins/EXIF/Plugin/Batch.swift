import Dispatch
import Synchronization
import VaultCore

/// Runs one job per item on every core, with a progress bar on a terminal, and returns the
/// results in the order of the items. Ctrl-C and the other termination signals wait until the
/// jobs under way are done (no half-written file is left behind); the items not yet started are
/// then skipped, and the signal takes effect when the batch returns.
enum Batch {
    static func run<Item: Sendable, Value: Sendable>(
        _ items: [Item], label: String, _ job: @Sendable (Item) throws -> Value
    ) -> [Result<Value, any Error>] {
        let results = Mutex([Result<Value, any Error>?](repeating: nil, count: items.count))
        TerminationDeferral.holding { deferral in
            // Erased before a held signal takes effect.
            let progress = ProgressBar(total: items.count, label: label)
            defer { progress?.finish() }
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                guard !deferral.isPending else { return results.withLock { $0[index] = .failure(BatchInterrupted()) } }
                let result = Result { try job(items[index]) }
                results.withLock { $0[index] = result }
                progress?.advance()
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}

/// An item skipped because the batch was interrupted.
struct BatchInterrupted: VaultFailure {
    var message: String { "not done: interrupted" }
    var exitStatus: ExitStatus { .failure }
}
