#ifndef VAULT_PROCESS_SHIM_H
#define VAULT_PROCESS_SHIM_H

/// prctl(2) is variadic, which Swift cannot call: these wrap the calls vault makes.

/// prctl(PR_SET_DUMPABLE, 0): no core file, no ptrace attach and no /proc/PID/mem for other
/// processes of the same user. Returns 0, or -1 with errno set.
int vault_set_not_dumpable(void);

#endif
