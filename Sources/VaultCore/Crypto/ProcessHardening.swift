#if canImport(Glibc)
import Glibc
#endif

/// Start-up measures that keep secrets out of places they could leak to after a crash.
public enum ProcessHardening {
    /// Sets the core-file size limit (soft and hard) to zero, so a crash never writes the
    /// process's memory, with its keys and passwords, to disk.
    public static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
    }
}
