/* libargon2, opened at run time. Only deriving a key from the master password needs Argon2
 * (a command with the key cached never does), and linking libargon2 would make every command
 * load it at start. The types and values are those of the installed <argon2.h>; each function
 * here calls libargon2's function of the name given beside it, once argon2_library_open has
 * returned NULL.
 *
 * Nothing of libargon2 is linked into vault, and that matters for more than start-up: the
 * static libsodium vault links carries a one-lane Argon2 under the same function names
 * (argon2_ctx, argon2id_hash_raw), so a linked call could silently bind to it. */
#ifndef VAULT_ARGON2_LIBRARY_H
#define VAULT_ARGON2_LIBRARY_H

#include <argon2.h>

/* Opens libargon2 once per process (later calls return at once): NULL when it is there with
 * every function used here, else why not, in a static text. */
const char *argon2_library_open(void);

int argon2_library_ctx(argon2_context *context, argon2_type type); /* argon2_ctx */
const char *argon2_library_error_message(int error_code);          /* argon2_error_message */

#endif
