/* libargon2, opened at run time. Only deriving a key from the master password needs Argon2
 * (a command with the key cached never does), and linking libargon2 would make every command
 * load it at start.
 *
 * Nothing of libargon2 is linked into vault, and its header stays out of Swift's sight (only
 * argon2_library.c includes it), for more than start-up: the static libsodium vault links
 * carries a one-lane Argon2 of its own under the same function names (argon2_ctx,
 * argon2id_hash_raw) with another context structure, so a call that reached them from Swift
 * would link without a word and break. */
#ifndef VAULT_ARGON2_LIBRARY_H
#define VAULT_ARGON2_LIBRARY_H

#include <stddef.h>
#include <stdint.h>

/* Opens libargon2 once per process (later calls return at once): NULL when it is there with
 * every function used here, else why not, in a static text. */
const char *argon2_library_open(void);

/* Argon2id, version 0x13 (RFC 9106), through libargon2's argon2_ctx, once argon2_library_open
 * has returned NULL: `iterations` passes over `memory_kib` KiB in `lanes` lanes computed by as
 * many threads, of `password` and `salt` with the optional `secret` and `associated_data`
 * (NULL when their length is 0), into `output`. The password is left as it is. Returns 0
 * (ARGON2_OK) or libargon2's error code. */
int argon2_library_argon2id(const uint8_t *password, uint32_t password_length, const uint8_t *salt, uint32_t salt_length,
                            const uint8_t *secret, uint32_t secret_length, const uint8_t *associated_data,
                            uint32_t associated_data_length, uint32_t iterations, uint32_t memory_kib, uint32_t lanes,
                            uint8_t *output, uint32_t output_length);

/* libargon2's text for an error code (argon2_error_message). */
const char *argon2_library_error_message(int error_code);

#endif
