#ifndef VAULT_PROCESS_SHIM_H
#define VAULT_PROCESS_SHIM_H

/// What Swift cannot do itself: prctl(2) is variadic, a signal handler must be plain C, and glibc
/// shows some constants to GNU sources only.

/// prctl(PR_SET_DUMPABLE, 0): no core file, no ptrace attach and no /proc/PID/mem for other
/// processes of the same user. Returns 0, or -1 with errno set.
int vault_set_not_dumpable(void);

/// Installs, for each of the `count` signal numbers, a handler that writes the number as one
/// byte to `pipe_write_end`, for a thread that reads the pipe to act on it; the byte's high bit
/// is set when the kernel sent the signal (a key at the terminal, or its hangup) rather than a
/// process. Returns 0, or -1 with errno set.
int vault_forward_signals(int pipe_write_end, const int *numbers, int count);

/// An anonymous file in memory (memfd_create, close-on-exec), which a child's output can be
/// sent to and read back from after it exits. Returns the descriptor, or -1 with errno set.
int vault_memory_file(const char *name);

/// posix_spawn's POSIX_SPAWN_SETSID flag, which glibc shows only to GNU sources: the child
/// starts a session of its own.
int vault_spawn_new_session_flag(void);

/// How many processors this process may run on: the processors in its affinity mask
/// (sched_getaffinity and CPU_COUNT, shown to GNU sources only). Returns the count, or -1 with
/// errno set.
int vault_processors_in_affinity(void);

/// The process at the other end of a connected Unix socket, as the kernel recorded it when the
/// connection was made (SO_PEERCRED; struct ucred is shown to GNU sources only): its process id
/// and user id. For a client's connection to a listening socket, the listener's are those of
/// the process that called listen(2). Returns 0, or -1 with errno set.
int vault_socket_peer(int fd, int *pid, unsigned int *uid);

#endif
