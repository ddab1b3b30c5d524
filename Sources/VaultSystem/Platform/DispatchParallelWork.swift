import Dispatch
import VaultCore

extension ParallelWork {
    /// Parallel work on libdispatch's threads, as wide as `width` (the processors this process
    /// may run on, unless told): the parts of a run go to `DispatchQueue.concurrentPerform`,
    /// the calling thread taking its share.
    public static func dispatch(width: Int = Processors.available) -> ParallelWork {
        ParallelWork(width: width) { count, part in
            // `ParallelWork` lets its parts run at once only when each writes what is its own:
            // what the compiler cannot see, and why the part crosses threads unchecked.
            withoutActuallyEscaping(part) { part in
                let shared = UncheckedPart(call: part)
                DispatchQueue.concurrentPerform(iterations: count) { shared.call($0) }
            }
        }
    }
}

/// A part handed to other threads by `ParallelWork.dispatch`, whose contract makes that safe.
private struct UncheckedPart: @unchecked Sendable {
    let call: (Int) -> Void
}
