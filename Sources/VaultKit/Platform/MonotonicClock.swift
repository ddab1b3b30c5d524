#if canImport(Glibc)
import Glibc
#endif

/// Seconds from an arbitrary start that never jumps backwards.
package enum MonotonicClock {
    package static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
