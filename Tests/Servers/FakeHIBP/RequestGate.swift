import Foundation

/// Decides, in arrival order over all connections, which requests of one kind (range or
/// account: each kind has a gate of its own) are rate limited (the first `rateLimit`) and which
/// of the rest fail (the next `failFirst`, or all of them).
final class RequestGate: @unchecked Sendable {
    /// What to do with one request.
    enum Verdict: Equatable {
        case rateLimited
        case fail(FailureMode)
        case serve
    }

    private let rateLimit: Int
    private let failure: FailureMode?
    private let failFirst: Int?
    private let lock = NSLock()
    private var admitted = 0  // guarded by `lock`

    /// - Parameters:
    ///   - rateLimit: how many requests answer 429 first.
    ///   - failure: the failure mode after the rate-limited requests, if any.
    ///   - failFirst: how many requests fail; nil means every one.
    init(rateLimit: Int, failure: FailureMode?, failFirst: Int?) {
        self.rateLimit = rateLimit
        self.failure = failure
        self.failFirst = failFirst
    }

    /// Counts one more request and returns its verdict.
    func admit() -> Verdict {
        let number = lock.withLock {
            admitted += 1
            return admitted
        }
        if number <= rateLimit {
            return .rateLimited
        }
        if let failure, failFirst.map({ number - rateLimit <= $0 }) ?? true {
            return .fail(failure)
        }
        return .serve
    }
}
