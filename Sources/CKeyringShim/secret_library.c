/* See secret_library.h. */
#include "secret_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define SECRET_LIBRARY_DEFINE(name, result, parameters) result (*secret_library_##name)parameters;
SECRET_LIBRARY_FUNCTIONS(SECRET_LIBRARY_DEFINE)
#undef SECRET_LIBRARY_DEFINE

/* libsecret's soname; it brings GIO, GObject and GLib with it. */
static const char *library_name = "libsecret-1.so.0";

static pthread_once_t opened = PTHREAD_ONCE_INIT;
static const char *failure;
static char failure_text[256];
static secret_schema *vault_schema;

/* GLib's warnings would break vault's one-line error messages. */
static int discard_log(int level, const void *fields, size_t count, void *data) {
    (void)fields; (void)count; (void)data;
    return (level & GLIB_LOG_LEVEL_ERROR) ? GLIB_LOG_WRITER_UNHANDLED : GLIB_LOG_WRITER_HANDLED;
}

static void open_once(void) {
    /* Never closed: GLib cannot be unloaded. */
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure_text, sizeof failure_text, "libsecret could not be loaded (%s; install libsecret-1-0)", dlerror());
        failure = failure_text;
        return;
    }
#define SECRET_LIBRARY_RESOLVE(name, result, parameters) \
    secret_library_##name = (result (*)parameters)dlsym(library, #name); \
    if (!secret_library_##name) { \
        snprintf(failure_text, sizeof failure_text, "%s has no %s", library_name, #name); \
        failure = failure_text; \
        return; \
    }
    SECRET_LIBRARY_FUNCTIONS(SECRET_LIBRARY_RESOLVE)
#undef SECRET_LIBRARY_RESOLVE
    SECRET_CALL(g_log_set_writer_func)(discard_log, NULL, NULL);
    vault_schema = SECRET_CALL(secret_schema_new)("io.github.vault.DerivedKey", SECRET_LIBRARY_SCHEMA_NONE,
                                                  "vault-id", SECRET_LIBRARY_SCHEMA_ATTRIBUTE_STRING, NULL);
}

const char *secret_library_open(void) {
    pthread_once(&opened, open_once);
    return failure;
}

const secret_schema *secret_library_vault_schema(void) {
    return vault_schema;
}
