/* See argon2_library.h. */
#include "argon2_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* libargon2's soname (Debian's libargon2-1, and upstream's since 2016). */
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

int argon2_library_ctx(argon2_context *context, argon2_type type) {
    return opened_argon2_ctx(context, type);
}

const char *argon2_library_error_message(int error_code) {
    return opened_argon2_error_message(error_code);
}
