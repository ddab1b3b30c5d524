/* deny-keyctl ERRNO PROGRAM [ARGS...]: runs PROGRAM with the kernel's key retention service
 * blocked as some container runtimes block it: a seccomp filter makes add_key, request_key and
 * keyctl fail with ERRNO (ENOSYS or EPERM, by name), and lets every other system call through.
 * For the tests of vault's fallback when the kernel keyring is missing. Exit status: PROGRAM's,
 * or 125 when the filter cannot be installed or PROGRAM cannot be run. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define THIS_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define THIS_ARCH AUDIT_ARCH_AARCH64
#else
#error "deny-keyctl knows x86_64 and aarch64 only"
#endif

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: deny-keyctl ENOSYS|EPERM PROGRAM [ARGS...]\n");
        return 125;
    }
    unsigned int error;
    if (strcmp(argv[1], "ENOSYS") == 0) error = ENOSYS;
    else if (strcmp(argv[1], "EPERM") == 0) error = EPERM;
    else {
        fprintf(stderr, "deny-keyctl: unknown errno %s (ENOSYS or EPERM)\n", argv[1]);
        return 125;
    }
    struct sock_filter filter[] = {
        /* Another architecture's numbers would mean other calls: refuse those outright. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, THIS_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_add_key, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_request_key, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_keyctl, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (error & SECCOMP_RET_DATA)),
    };
    struct sock_fprog program = { .len = sizeof filter / sizeof filter[0], .filter = filter };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) {
        fprintf(stderr, "deny-keyctl: cannot install the seccomp filter: %s\n", strerror(errno));
        return 125;
    }
    execvp(argv[2], argv + 2);
    fprintf(stderr, "deny-keyctl: cannot run %s: %s\n", argv[2], strerror(errno));
    return 125;
}
