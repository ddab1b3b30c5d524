import Synchronization

/// The seconds of 429 (too many requests) that one run waits out, in all ranges together,
/// before it gives up with an error.
final class RetryBudget: Sendable {
    let seconds: Int
    private let waited = Mutex(0)

    init(seconds: Int = 60) { self.seconds = seconds }

    /// Takes `asked` seconds from the budget, or fails when they are more than is left.
    func spend(_ asked: Int) throws(BreachError) {
        try waited.withLock { waited throws(BreachError) in
            guard asked <= seconds - waited else { throw .rateLimited(waited: waited, asked: asked, budget: seconds) }
            waited += asked
        }
    }
}
