#if canImport(Glibc)
import Glibc
#endif

/// Replacing this process with another program, so that the program's exit status is vault's:
/// how `vault NAME` runs an external plugin and how `vault` hands a command to vault-network.
public enum ProcessImage {
    /// Runs `path` with `arguments` (after its own name) and exactly `environment`, in place of
    /// this process, with no signal blocked (not the mask of the thread that asks). Returns the
    /// `errno` of a program that could not be started; otherwise it never returns.
    public static func replace(with path: String, arguments: [String], environment: [String: String]) -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        execve(path, argv, envp)
        let code = errno
        for pointer in argv + envp { free(pointer) }
        return code
    }
}
