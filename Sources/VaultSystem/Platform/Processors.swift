#if canImport(Glibc)
import Glibc
#endif

/// The machine's processors, as the system counts them.
public enum Processors {
    /// How many processors are online now (at least one).
    public static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
