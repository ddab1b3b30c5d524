/* See keyring_shim.h. The probe follows the order in which a Secret Service can be missing:
 * no bus at all (checked without touching GIO, which could otherwise start a bus of its own),
 * a bus without the service, a service without a usable collection, a locked collection. */
#include "keyring_shim.h"

#include <gio/gio.h>
#include <libsecret/secret.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const SecretSchema vault_key_schema = {
    "io.github.vault.DerivedKey",
    SECRET_SCHEMA_NONE,
    {
        { "vault-id", SECRET_SCHEMA_ATTRIBUTE_STRING },
        { NULL, 0 },
    }
};

static const char *secrets_name = "org.freedesktop.secrets";

/* ---- quiet GLib: its warnings would break vault's one-line error messages ---------------- */

static GLogWriterOutput discard_log(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    (void)fields; (void)count; (void)data;
    return (level & G_LOG_LEVEL_ERROR) ? G_LOG_WRITER_UNHANDLED : G_LOG_WRITER_HANDLED;
}

static void quiet_glib(void) {
    static gsize once = 0;
    if (g_once_init_enter(&once)) {
        g_log_set_writer_func(discard_log, NULL, NULL);
        g_once_init_leave(&once, 1);
    }
}

/* ---- a timer that cancels a blocking call ------------------------------------------------ */

typedef struct {
    GCancellable *cancellable;
    GMutex lock;
    GCond finished;
    gboolean done;
    gint64 deadline;
    GThread *thread;
} watchdog;

static gpointer watchdog_run(gpointer data) {
    watchdog *dog = data;
    g_mutex_lock(&dog->lock);
    while (!dog->done) {
        if (!g_cond_wait_until(&dog->finished, &dog->lock, dog->deadline)) {
            if (!dog->done) g_cancellable_cancel(dog->cancellable);
            break;
        }
    }
    g_mutex_unlock(&dog->lock);
    return NULL;
}

static void watchdog_start(watchdog *dog, int timeout_ms) {
    dog->cancellable = g_cancellable_new();
    g_mutex_init(&dog->lock);
    g_cond_init(&dog->finished);
    dog->done = FALSE;
    dog->deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    dog->thread = g_thread_new("vault-keyring-timer", watchdog_run, dog);
}

static void watchdog_stop(watchdog *dog) {
    g_mutex_lock(&dog->lock);
    dog->done = TRUE;
    g_cond_signal(&dog->finished);
    g_mutex_unlock(&dog->lock);
    g_thread_join(dog->thread);
    g_object_unref(dog->cancellable);
    g_mutex_clear(&dog->lock);
    g_cond_clear(&dog->finished);
}

/* ---- errors --------------------------------------------------------------------------------- */

static vk_status from_error(GError *error, char **message) {
    vk_status status = VK_ERROR;
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
        || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)
        || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_TIMEOUT)
        || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_TIMED_OUT)
        || g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NO_REPLY)) {
        g_error_free(error);
        if (message) *message = g_strdup("the Secret Service did not answer in time");
        return VK_TIMEOUT;
    }
    else if (g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN)) status = VK_NO_SERVICE;
    else if (error->domain == G_IO_ERROR || error->domain == G_DBUS_ERROR) {
        /* "Could not connect", "Cannot autolaunch": the bus is not there. */
        if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND)
            || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_FAILED)
            || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED))
            status = error->domain == G_IO_ERROR ? VK_NO_BUS : VK_ERROR;
    }
    if (message) *message = g_strdup(error->message);
    g_error_free(error);
    return status;
}

/* ---- the probe -------------------------------------------------------------------------------- */

/* A session bus address GIO would use, without letting it autolaunch one. */
static gboolean session_bus_exists(void) {
    const char *address = g_getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) return TRUE;
    const char *runtime = g_getenv("XDG_RUNTIME_DIR");
    if (!runtime || !*runtime) return FALSE;
    char *socket = g_build_filename(runtime, "bus", NULL);
    gboolean exists = g_file_test(socket, G_FILE_TEST_EXISTS);
    g_free(socket);
    return exists;
}

static GVariant *call(GDBusConnection *bus, const char *destination, const char *path,
                      const char *interface, const char *method, GVariant *arguments,
                      const GVariantType *reply, GDBusCallFlags flags, int timeout_ms,
                      GCancellable *cancellable, GError **error) {
    return g_dbus_connection_call_sync(bus, destination, path, interface, method, arguments, reply,
                                       flags, timeout_ms, cancellable, error);
}

static gboolean service_reachable(GDBusConnection *bus, int timeout_ms, GCancellable *cancellable, GError **error) {
    GVariant *owned = call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                           "NameHasOwner", g_variant_new("(s)", secrets_name), G_VARIANT_TYPE("(b)"),
                           G_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!owned) return FALSE;
    gboolean has_owner = FALSE;
    g_variant_get(owned, "(b)", &has_owner);
    g_variant_unref(owned);
    if (has_owner) return TRUE;
    /* Not running: fine if the bus can start it (a desktop with gnome-keyring installed). */
    GVariant *names = call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                           "ListActivatableNames", NULL, G_VARIANT_TYPE("(as)"),
                           G_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!names) return FALSE;
    gboolean activatable = FALSE;
    GVariantIter *iterator = NULL;
    const char *name = NULL;
    g_variant_get(names, "(as)", &iterator);
    while (g_variant_iter_loop(iterator, "&s", &name)) {
        if (strcmp(name, secrets_name) == 0) activatable = TRUE;
    }
    g_variant_iter_free(iterator);
    g_variant_unref(names);
    return activatable;
}

/* The collection behind an alias: NULL when there is none, else its object path. */
static char *read_alias(GDBusConnection *bus, const char *alias, int timeout_ms, GCancellable *cancellable, GError **error) {
    GVariant *reply = call(bus, secrets_name, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service",
                           "ReadAlias", g_variant_new("(s)", alias), G_VARIANT_TYPE("(o)"),
                           G_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!reply) return NULL;
    const char *path = NULL;
    g_variant_get(reply, "(&o)", &path);
    char *result = strcmp(path, "/") == 0 ? NULL : g_strdup(path);
    g_variant_unref(reply);
    return result;
}

static int is_locked(GDBusConnection *bus, const char *collection, int timeout_ms, GCancellable *cancellable, GError **error) {
    GVariant *reply = call(bus, secrets_name, collection, "org.freedesktop.DBus.Properties", "Get",
                           g_variant_new("(ss)", "org.freedesktop.Secret.Collection", "Locked"),
                           G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!reply) return -1;
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    int locked = g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) ? g_variant_get_boolean(value) : 1;
    g_variant_unref(value);
    g_variant_unref(reply);
    return locked;
}

vk_status vk_probe(int timeout_ms, const char **collection_alias, char **message) {
    quiet_glib();
    if (!session_bus_exists()) {
        if (message) *message = g_strdup("no D-Bus session bus");
        return VK_NO_BUS;
    }
    watchdog dog;
    watchdog_start(&dog, timeout_ms);
    GError *error = NULL;
    vk_status status = VK_OK;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, dog.cancellable, &error);
    if (!bus) {
        status = from_error(error, message);
        if (status == VK_ERROR) status = VK_NO_BUS;
    } else if (!service_reachable(bus, timeout_ms, dog.cancellable, &error)) {
        if (error) status = from_error(error, message);
        else {
            status = VK_NO_SERVICE;
            if (message) *message = g_strdup("nothing provides org.freedesktop.secrets on the session bus");
        }
    } else {
        static const char *aliases[] = { "session", "default" };
        status = VK_NO_SERVICE;
        gboolean saw_locked = FALSE;
        for (size_t i = 0; i < 2 && status != VK_OK; i++) {
            char *collection = read_alias(bus, aliases[i], timeout_ms, dog.cancellable, &error);
            if (error) { status = from_error(error, message); break; }
            if (!collection) continue;
            int locked = is_locked(bus, collection, timeout_ms, dog.cancellable, &error);
            g_free(collection);
            if (locked < 0) { status = from_error(error, message); break; }
            if (locked) { saw_locked = TRUE; continue; }
            *collection_alias = aliases[i];
            status = VK_OK;
        }
        if (status == VK_NO_SERVICE) {
            if (saw_locked) status = VK_LOCKED;
            if (message) *message = g_strdup(saw_locked ? "the keyring is locked" : "the Secret Service has no session or default collection");
        }
    }
    if (bus) g_object_unref(bus);
    watchdog_stop(&dog);
    return status;
}

/* ---- store, lookup, clear ------------------------------------------------------------------ */

vk_status vk_store(const char *collection_alias, const char *label, const char *vault_id,
                   const char *secret, int timeout_ms, char **message) {
    quiet_glib();
    watchdog dog;
    watchdog_start(&dog, timeout_ms);
    GError *error = NULL;
    const char *collection = strcmp(collection_alias, "session") == 0 ? SECRET_COLLECTION_SESSION : SECRET_COLLECTION_DEFAULT;
    gboolean stored = secret_password_store_sync(&vault_key_schema, collection, label, secret,
                                                 dog.cancellable, &error, "vault-id", vault_id, NULL);
    watchdog_stop(&dog);
    return stored ? VK_OK : from_error(error, message);
}

/* The vault's items, found without unlocking anything: libsecret's own lookup and clear would
 * ask to unlock a locked copy in another collection, and that prompt ignores cancellation. */
static GList *search_items(const char *vault_id, gboolean load_secrets, GCancellable *cancellable, GError **error) {
    GHashTable *attributes = g_hash_table_new(g_str_hash, g_str_equal);
    g_hash_table_insert(attributes, (gpointer)"vault-id", (gpointer)vault_id);
    SecretSearchFlags flags = SECRET_SEARCH_ALL | (load_secrets ? SECRET_SEARCH_LOAD_SECRETS : 0);
    GList *items = secret_service_search_sync(NULL, &vault_key_schema, attributes, flags, cancellable, error);
    g_hash_table_unref(attributes);
    return items;
}

vk_status vk_lookup(const char *vault_id, char **secret, int timeout_ms, char **message) {
    quiet_glib();
    *secret = NULL;
    watchdog dog;
    watchdog_start(&dog, timeout_ms);
    GError *error = NULL;
    GList *items = search_items(vault_id, TRUE, dog.cancellable, &error);
    watchdog_stop(&dog);
    if (error) return from_error(error, message);
    for (GList *node = items; node && !*secret; node = node->next) {
        SecretItem *item = node->data;
        if (secret_item_get_locked(item)) continue;
        SecretValue *value = secret_item_get_secret(item);
        if (!value) continue;
        const gchar *text = secret_value_get_text(value);
        if (text) *secret = g_strdup(text);
        secret_value_unref(value);
    }
    g_list_free_full(items, g_object_unref);
    return *secret ? VK_OK : VK_NOT_FOUND;
}

/* Deletes one item with the service's own Delete call, under the timer. libsecret's
 * secret_item_delete_sync follows a prompt the service may answer with, and waits for it without
 * end, whatever the cancellable says (seen in CI, under load); here a prompt is dismissed and
 * reported. An item that is already gone (the expirer removed it meanwhile) counts as not found. */
static vk_status delete_item(SecretItem *item, int timeout_ms, GCancellable *cancellable, GError **error, char **message) {
    GDBusProxy *proxy = G_DBUS_PROXY(item);
    GDBusConnection *bus = g_dbus_proxy_get_connection(proxy);
    GVariant *reply = call(bus, secrets_name, g_dbus_proxy_get_object_path(proxy), "org.freedesktop.Secret.Item",
                           "Delete", NULL, G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!reply) {
        char *remote = g_dbus_error_get_remote_error(*error);
        gboolean gone = remote && (strcmp(remote, "org.freedesktop.DBus.Error.UnknownObject") == 0
                                   || strcmp(remote, "org.freedesktop.Secret.Error.NoSuchObject") == 0);
        g_free(remote);
        if (gone) g_clear_error(error);
        return gone ? VK_NOT_FOUND : VK_ERROR;
    }
    const char *prompt = NULL;
    g_variant_get(reply, "(&o)", &prompt);
    vk_status status = VK_OK;
    if (strcmp(prompt, "/") != 0) {
        GVariant *dismissed = call(bus, secrets_name, prompt, "org.freedesktop.Secret.Prompt", "Dismiss", NULL, NULL,
                                   G_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, NULL);
        if (dismissed) g_variant_unref(dismissed);
        if (message && !*message) *message = g_strdup("the Secret Service asked for a confirmation to remove the key, which vault does not give");
        status = VK_ERROR;
    }
    g_variant_unref(reply);
    return status;
}

vk_status vk_clear(const char *vault_id, int timeout_ms, char **message) {
    quiet_glib();
    watchdog dog;
    watchdog_start(&dog, timeout_ms);
    GError *error = NULL;
    GList *items = search_items(vault_id, FALSE, dog.cancellable, &error);
    vk_status status = VK_NOT_FOUND;
    gboolean saw_locked = FALSE;
    for (GList *node = items; node && !error; node = node->next) {
        SecretItem *item = node->data;
        if (secret_item_get_locked(item)) { saw_locked = TRUE; continue; }
        vk_status deleted = delete_item(item, timeout_ms, dog.cancellable, &error, message);
        if (deleted == VK_OK && status != VK_ERROR) status = VK_OK;
        else if (deleted == VK_ERROR && !error) status = VK_ERROR;
    }
    watchdog_stop(&dog);
    g_list_free_full(items, g_object_unref);
    if (error) {
        if (message && *message) { g_free(*message); *message = NULL; }
        return from_error(error, message);
    }
    if (status == VK_NOT_FOUND && saw_locked) {
        if (message) *message = g_strdup("the key is in a locked keyring collection; unlock it to remove the key");
        return VK_LOCKED;
    }
    return status;
}

void vk_free_secret(char *secret) {
    if (!secret) return;
    explicit_bzero(secret, strlen(secret));
    g_free(secret);
}

char *vk_normalize_nfc(const char *text) {
    return g_utf8_normalize(text, -1, G_NORMALIZE_NFC);
}

void vk_free_message(char *message) {
    g_free(message);
}
