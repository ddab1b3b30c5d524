import VaultKit
import Dispatch

/// Runs asynchronous work (network requests) to its end from a synchronous command's `run()`,
/// blocking the calling thread while Swift's concurrency threads do the work.
public enum AsyncBridge {
    public static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                outcome.result = .success(try await work())
            } catch {
                outcome.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try outcome.result!.get()
    }

    /// Where the task leaves its result; written once before the semaphore is signalled and read
    /// only after it, so no lock is needed.
    private final class Outcome<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}
