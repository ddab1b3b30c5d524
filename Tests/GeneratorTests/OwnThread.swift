import Foundation

/// Runs CPU-bound sampling on a thread of its own, not on Swift's cooperative thread pool. The
/// pool has only as many threads as the machine has cores, and the CLI tests in the same test
/// process await their `vault` processes on it: seconds of sampling there would hold up, say,
/// a clipboard test that must look before a 5-second timeout runs out.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
