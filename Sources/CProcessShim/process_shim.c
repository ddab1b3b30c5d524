#define _GNU_SOURCE
#include "process_shim.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

int vault_set_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

int vault_spawn_new_session_flag(void) {
    return POSIX_SPAWN_SETSID;
}

int vault_memory_file(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}


/* A standard descriptor (0, 1 or 2) that a process was started without is taken by /dev/null,
 * opened the wrong way round (input for writing, output for reading), before anything else can
 * be given its number: the Swift runtime's own descriptors would otherwise land there, and a
 * write meant for standard output would reach one of them. Reads and writes then fail with
 * EBADF, as they would on the closed descriptor, and vault reports them. It runs as a
 * constructor because an async main starts the runtime before its first line. */
__attribute__((constructor))
static void vault_reserve_standard_descriptors(void) {
    for (int descriptor = 0; descriptor <= 2; descriptor++) {
        if (fcntl(descriptor, F_GETFD) == -1 && errno == EBADF) {
            int opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY);
            if (opened != descriptor && opened >= 0) {
                dup2(opened, descriptor);
                close(opened);
            }
        }
    }
}

/* Where the handler below writes: the pipe TerminationSignals reads. */
static volatile int forwarding_pipe = -1;

/* Passes the signal on as one byte, which is all a handler may safely do; errno is kept. The
 * byte's high bit says the kernel sent it (SI_KERNEL: a key at the terminal, or its hangup),
 * which reaches the whole foreground process group, rather than a process with kill(2). */
static void forward_signal(int number, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    if (info != NULL && info->si_code == SI_KERNEL) byte |= 0x80;
    (void)write(forwarding_pipe, &byte, 1);
    errno = saved;
}

int vault_forward_signals(int pipe_write_end, const int *numbers, int count) {
    forwarding_pipe = pipe_write_end;
    struct sigaction action;
    action.sa_sigaction = forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    for (int index = 0; index < count; index++) {
        if (sigaction(numbers[index], &action, NULL) != 0) return -1;
    }
    return 0;
}

int vault_processors_in_affinity(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}

int vault_socket_peer(int fd, int *pid, unsigned int *uid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *pid = credentials.pid;
    *uid = credentials.uid;
    return 0;
}
