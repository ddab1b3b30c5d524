import VaultCore
#if canImport(Glibc)
import Glibc
#endif

/// System calls made again when a signal handler interrupts them (`EINTR`), in one place, so
/// that no caller handles the interruption by hand.
package enum SystemCall {
    /// `call`'s result, made again for as long as it fails with -1 and `errno` `EINTR`; any
    /// other result, a failure with its `errno` included, as it is.
    package static func retryingInterrupts<Result: SignedInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    /// Sleeps until the wall clock reads `seconds` (Unix time). An absolute sleep on the
    /// real-time clock ends on time after a suspend (or a clock change), where a relative sleep
    /// would stop counting while the machine is suspended and wake late.
    package static func sleep(untilWallClock seconds: Int) {
        var deadline = timespec(tv_sec: seconds, tv_nsec: 0)
        while true {
            // clock_nanosleep returns its error rather than setting errno.
            let status = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &deadline, nil)
            if status == EINTR { continue }
            if status != 0 || time(nil) >= seconds { return }
        }
    }
}
