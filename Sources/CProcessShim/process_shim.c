#include "process_shim.h"
#include <sys/prctl.h>

int vault_set_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}
