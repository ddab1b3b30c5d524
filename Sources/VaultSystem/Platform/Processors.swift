import CProcessShim
#if canImport(Glibc)
import Glibc
#endif

/// The machine's processors, as the system counts them.
public enum Processors {
    /// How many processors are online now (at least one).
    public static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// How many processors this process may run on (its affinity, as `taskset` or a
    /// container's cpuset leaves it), at least one; the processors online when that cannot be
    /// read.
    public static var available: Int {
        let count = vault_processors_in_affinity()
        return count > 0 ? Int(count) : online
    }
}
