import VaultCore
import CProcessShim
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Starting another program with posix_spawn, as a fresh process would start: vault blocks most
/// signals in the threads that run commands (`TerminationSignals`) and SIGPIPE in a thread that
/// writes to a pipe (`BrokenPipeGuard`), and a program it starts must inherit neither; it gets only the descriptors it is given.
/// Foundation's Process is avoided because it never returns when the program forks a child
/// that keeps a descriptor, as xclip and xsel do. `HelperProcess` and `ChildProcess` start
/// their programs through it.
enum ProcessSpawn {
    /// What one of the program's descriptors is.
    enum Source {
        /// A descriptor of ours, which must be 10 or more (`lifted`), so that moving one into
        /// place never overwrites another still to be moved.
        case descriptor(Int32)
        /// /dev/null, for reading and writing.
        case null
    }

    /// Starts `path` with `arguments` and exactly `environment`; `descriptors` maps the child's
    /// descriptor numbers to what they are. Every other descriptor is closed in the child. With
    /// `newSession` it leads a session of its own, without a terminal, so that the hangup of
    /// vault's terminal (when vault led its session) does not reach what it leaves running.
    static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String], descriptors: [Int32: Source], newSession: Bool = false
    ) throws(Errno) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            switch source {
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        var defaults = TerminationSignals.set()
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let sessionFlag = newSession ? vault_spawn_new_session_flag() : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | sessionFlag))

        closeInheritedDescriptorsOnExec()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw Errno(rawValue: status) }
        return pid
    }

    /// `fd` moved to a number of 10 or more, close-on-exec; -1 stays -1.
    static func lifted(_ fd: Int32) -> Int32 {
        guard fd >= 0 else { return fd }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        close(fd)
        return moved
    }

    /// The exit status, or 128 + signal; a program still running at the deadline (if there is
    /// one) is killed.
    static func wait(for pid: pid_t, timeout: Duration?) -> Int32 {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var status: Int32 = 0
        while true {
            let done = SystemCall.retryingInterrupts { waitpid(pid, &status, deadline == nil ? 0 : WNOHANG) }
            if done == pid { break }
            if done < 0 { return 127 }
            if let deadline, ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return 128 + SIGKILL
            }
            usleep(5_000)
        }
        return exitStatus(status)
    }

    /// The exit status of a wait status: the program's own, or 128 + the signal that ended it,
    /// as shells report it.
    static func exitStatus(_ status: Int32) -> Int32 {
        let signalNumber = status & 0x7f
        return signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
    }

    /// Marks every descriptor from 3 up close-on-exec, so a program (and above all the clearer,
    /// which lives on for seconds) holds nothing vault's own parent might wait on, such as the
    /// pipe a `$(vault get …)` or a test harness reads to its end.
    private static func closeInheritedDescriptorsOnExec() {
        guard let folder = opendir("/proc/self/fd") else { return }
        defer { closedir(folder) }
        let own = dirfd(folder)
        while let item = readdir(folder) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            guard let fd = Int32(name), fd >= 3, fd != own else { continue }
            _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        }
    }
}
