/* See argon2_library.h. */
#include "argon2_library.h"

#include <argon2.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* libargon2's soname (Debian's libargon2-1). */
static const char *library_name = "libargon2.so.1";

static int (*opened_argon2_ctx)(argon2_context *, argon2_type);
static const char *(*opened_argon2_error_message)(int);

static pthread_once_t opened = PTHREAD_ONCE_INIT;
static const char *failure;
static char failure_text[256];

static void open_once(void) {
    /* Never closed: a later derivation needs it again. */
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure_text, sizeof failure_text, "libargon2 could not be loaded (%s; install libargon2-1)", dlerror());
        failure = failure_text;
        return;
    }
    opened_argon2_ctx = (int (*)(argon2_context *, argon2_type))dlsym(library, "argon2_ctx");
    opened_argon2_error_message = (const char *(*)(int))dlsym(library, "argon2_error_message");
    if (!opened_argon2_ctx || !opened_argon2_error_message) {
        snprintf(failure_text, sizeof failure_text, "%s has no %s", library_name,
                 opened_argon2_ctx ? "argon2_error_message" : "argon2_ctx");
        failure = failure_text;
    }
}

const char *argon2_library_open(void) {
    pthread_once(&opened, open_once);
    return failure;
}

int argon2_library_argon2id(const uint8_t *password, uint32_t password_length, const uint8_t *salt, uint32_t salt_length,
                            const uint8_t *secret, uint32_t secret_length, const uint8_t *associated_data,
                            uint32_t associated_data_length, uint32_t iterations, uint32_t memory_kib, uint32_t lanes,
                            uint8_t *output, uint32_t output_length) {
    /* A call before a successful open is a bug of the caller's, not a derivation to attempt. */
    if (argon2_library_open() != NULL) abort();
    argon2_context context = {
        .out = output, .outlen = output_length,
        .pwd = (uint8_t *)password, .pwdlen = password_length,
        .salt = (uint8_t *)salt, .saltlen = salt_length,
        .secret = (uint8_t *)secret, .secretlen = secret_length,
        .ad = (uint8_t *)associated_data, .adlen = associated_data_length,
        .t_cost = iterations, .m_cost = memory_kib, .lanes = lanes, .threads = lanes,
        .version = ARGON2_VERSION_13,
        .allocate_cbk = NULL, .free_cbk = NULL,
        .flags = ARGON2_DEFAULT_FLAGS, /* the caller's password buffer kept intact */
    };
    return opened_argon2_ctx(&context, Argon2_id);
}

const char *argon2_library_error_message(int error_code) {
    if (argon2_library_open() != NULL) abort();
    return opened_argon2_error_message(error_code);
}
