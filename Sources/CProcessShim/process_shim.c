#include "process_shim.h"
#include <sys/prctl.h>

int vault_set_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

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
