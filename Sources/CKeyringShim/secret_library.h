/* libsecret and GLib, opened at run time. Linking them would make every vault command load and
 * relocate about a dozen libraries (GLib, GIO, GObject, libgcrypt, libmount...) at start, a few
 * milliseconds, although most commands find their key in the kernel keyring and never talk to
 * the Secret Service. So nothing of them is linked, nor are their headers needed: this file
 * declares the part of their stable C ABI the shim uses (the layouts, values and prototypes
 * come from the headers of GLib 2.74 and libsecret 0.20, LGPL-2.1+), and the shim calls each
 * function through a pointer, SECRET_CALL(name), filled by secret_library_open.
 * Tests/Support/CLibraryABICheck includes this file with the real types in place of the ones
 * below (it defines SECRET_LIBRARY_REAL_TYPES) and checks, when the tests build, that every
 * value, layout and prototype here is the installed headers' own. */
#ifndef VAULT_SECRET_LIBRARY_H
#define VAULT_SECRET_LIBRARY_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* ---- types: one name per type of theirs; the two structures the shim reads, the rest opaque */

#ifndef SECRET_LIBRARY_REAL_TYPES
typedef uint32_t glib_quark;                        /* GQuark */
typedef int glib_boolean;                           /* gboolean */
typedef int glib_bus_type;                          /* GBusType */
typedef int glib_dbus_call_flags;                   /* GDBusCallFlags */
typedef int secret_schema_flags;                    /* SecretSchemaFlags */
typedef int secret_search_flags;                    /* SecretSearchFlags */

/* GError */
typedef struct {
    glib_quark domain;
    int code;
    char *message;
} glib_error;

/* GList */
typedef struct glib_list {
    void *data;
    struct glib_list *next;
    struct glib_list *prev;
} glib_list;

typedef struct glib_cancellable glib_cancellable;   /* GCancellable */
typedef struct glib_dbus_connection glib_dbus_connection; /* GDBusConnection */
typedef struct glib_dbus_proxy glib_dbus_proxy;     /* GDBusProxy */
typedef struct glib_variant glib_variant;           /* GVariant */
typedef struct glib_variant_iter glib_variant_iter; /* GVariantIter */
typedef char glib_variant_type;                     /* GVariantType: its type string */
typedef struct glib_hash_table glib_hash_table;     /* GHashTable */
typedef struct secret_item secret_item;             /* SecretItem, a GDBusProxy */
typedef struct secret_service secret_service;       /* SecretService */
typedef struct secret_schema secret_schema;         /* SecretSchema */
typedef struct secret_value secret_value;           /* SecretValue */

/* GLogWriterFunc: the level, the fields, their count, the data. */
typedef int (*glib_log_writer)(int level, const void *fields, size_t count, void *data);
#endif

/* ---- values ------------------------------------------------------------------------------ */

enum {
    GLIB_BUS_TYPE_SESSION = 2,
    GLIB_DBUS_CALL_FLAGS_NONE = 0,
    GLIB_IO_ERROR_FAILED = 0,
    GLIB_IO_ERROR_NOT_FOUND = 1,
    GLIB_IO_ERROR_CANCELLED = 19,
    GLIB_IO_ERROR_TIMED_OUT = 24,
    GLIB_IO_ERROR_CONNECTION_REFUSED = 39,
    GLIB_DBUS_ERROR_SERVICE_UNKNOWN = 2,
    GLIB_DBUS_ERROR_NO_REPLY = 4,
    GLIB_DBUS_ERROR_TIMEOUT = 12,
    GLIB_DBUS_ERROR_TIMED_OUT = 20,
    GLIB_LOG_LEVEL_ERROR = 1 << 2,
    GLIB_LOG_WRITER_HANDLED = 1,
    GLIB_LOG_WRITER_UNHANDLED = 0,
    SECRET_LIBRARY_SEARCH_ALL = 1 << 1,
    SECRET_LIBRARY_SEARCH_LOAD_SECRETS = 1 << 3,
    SECRET_LIBRARY_SCHEMA_NONE = 0,
    SECRET_LIBRARY_SCHEMA_ATTRIBUTE_STRING = 0,
};

/* ---- functions: name, result, parameters ----------------------------------------------------- */

#define SECRET_LIBRARY_FUNCTIONS(X) \
    X(g_bus_get_sync, glib_dbus_connection *, (glib_bus_type bus_type, glib_cancellable *cancellable, \
        glib_error **error)) \
    X(g_cancellable_cancel, void, (glib_cancellable *cancellable)) \
    X(g_cancellable_new, glib_cancellable *, (void)) \
    X(g_clear_error, void, (glib_error **error)) \
    X(g_dbus_connection_call_sync, glib_variant *, (glib_dbus_connection *connection, const char *bus_name, \
        const char *object_path, const char *interface_name, const char *method_name, \
        glib_variant *parameters, const glib_variant_type *reply_type, glib_dbus_call_flags flags, \
        int timeout_msec, glib_cancellable *cancellable, glib_error **error)) \
    X(g_dbus_error_get_remote_error, char *, (const glib_error *error)) \
    X(g_dbus_error_quark, glib_quark, (void)) \
    X(g_dbus_proxy_get_connection, glib_dbus_connection *, (glib_dbus_proxy *proxy)) \
    X(g_dbus_proxy_get_object_path, const char *, (glib_dbus_proxy *proxy)) \
    X(g_error_free, void, (glib_error *error)) \
    X(g_free, void, (void *memory)) \
    X(g_hash_table_insert, glib_boolean, (glib_hash_table *table, void *key, void *value)) \
    X(g_hash_table_new, glib_hash_table *, (unsigned (*hash)(const void *), \
        glib_boolean (*equal)(const void *, const void *))) \
    X(g_hash_table_unref, void, (glib_hash_table *table)) \
    X(g_io_error_quark, glib_quark, (void)) \
    X(g_list_free_full, void, (glib_list *list, void (*free_item)(void *))) \
    X(g_log_set_writer_func, void, (glib_log_writer writer, void *data, void (*destroy)(void *))) \
    X(g_object_unref, void, (void *object)) \
    X(g_str_equal, glib_boolean, (const void *a, const void *b)) \
    X(g_str_hash, unsigned, (const void *text)) \
    X(g_variant_get, void, (glib_variant *value, const char *format, ...)) \
    X(g_variant_get_boolean, glib_boolean, (glib_variant *value)) \
    X(g_variant_is_of_type, glib_boolean, (glib_variant *value, const glib_variant_type *type)) \
    X(g_variant_iter_free, void, (glib_variant_iter *iterator)) \
    X(g_variant_iter_loop, glib_boolean, (glib_variant_iter *iterator, const char *format, ...)) \
    X(g_variant_new, glib_variant *, (const char *format, ...)) \
    X(g_variant_unref, void, (glib_variant *value)) \
    X(secret_item_get_locked, glib_boolean, (secret_item *item)) \
    X(secret_item_get_secret, secret_value *, (secret_item *item)) \
    X(secret_password_store_sync, glib_boolean, (const secret_schema *schema, const char *collection, \
        const char *label, const char *password, glib_cancellable *cancellable, glib_error **error, ...)) \
    X(secret_schema_new, secret_schema *, (const char *name, secret_schema_flags flags, ...)) \
    X(secret_service_search_sync, glib_list *, (secret_service *service, const secret_schema *schema, \
        glib_hash_table *attributes, secret_search_flags flags, glib_cancellable *cancellable, \
        glib_error **error)) \
    X(secret_value_get_text, const char *, (secret_value *value)) \
    X(secret_value_unref, void, (void *value))

#define SECRET_LIBRARY_DECLARE(name, result, parameters) extern result (*secret_library_##name)parameters;
SECRET_LIBRARY_FUNCTIONS(SECRET_LIBRARY_DECLARE)
#undef SECRET_LIBRARY_DECLARE

/* The opened library's `name`; only after secret_library_open returned NULL. */
#define SECRET_CALL(name) (secret_library_##name)

/* Opens libsecret once per process (later calls return at once): NULL when every function
 * above is there, else why not, in a static text. */
const char *secret_library_open(void);

/* vault's item schema: one string attribute, "vault-id"; only after secret_library_open. */
const secret_schema *secret_library_vault_schema(void);

#endif
