import VaultCore
import CProcessShim
#if canImport(Glibc)
import Glibc
#endif

/// Start-up measures that keep secrets out of places they could leak to, and make a write that
/// hits a limit fail as an error instead of killing vault.
public enum ProcessHardening {
    /// Everything below, for `main` to call first.
    public static func apply() {
        disableCoreDumps()
        makeNotDumpable()
        reportFileSizeLimitAsError()
    }

    /// Sets the core-file size limit (soft and hard) to zero, so a crash never writes the
    /// process's memory, with its keys and passwords, to disk.
    static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
    }

    /// PR_SET_DUMPABLE 0: other processes of the same user can no longer attach a debugger or
    /// read the process's memory through /proc (root still can), and no core file is written
    /// even where the limit cannot be set. The kernel resets it at exec, so helpers that vault
    /// starts run as usual.
    static func makeNotDumpable() {
        _ = vault_set_not_dumpable()
    }

    /// A write past the file-size limit (`ulimit -f`) raises SIGXFSZ, whose default action kills
    /// the process mid-write. With a handler that does nothing, the write fails with EFBIG
    /// instead, and the atomic write reports it and leaves the vault as it was. (A handler,
    /// unlike SIG_IGN, does not pass on to the programs vault starts.)
    static func reportFileSizeLimitAsError() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGXFSZ, &action, nil)
    }
}
