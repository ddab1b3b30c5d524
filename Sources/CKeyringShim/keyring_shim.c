/* See keyring_shim.h. The probe follows the order in which a Secret Service can be missing:
 * no bus at all (checked without touching GIO, which could otherwise start a bus of its own),
 * a bus without the service, a service without a usable collection, a locked collection. */
#include "keyring_shim.h"
#include "secret_library.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *secrets_name = "org.freedesktop.secrets";

/* ---- a timer that cancels a blocking call ------------------------------------------------ */

typedef struct {
    glib_cancellable *cancellable;
    pthread_mutex_t lock;
    pthread_cond_t finished;
    int done;
    struct timespec deadline;
    pthread_t thread;
} watchdog;

static void *watchdog_run(void *data) {
    watchdog *dog = data;
    pthread_mutex_lock(&dog->lock);
    while (!dog->done) {
        if (pthread_cond_timedwait(&dog->finished, &dog->lock, &dog->deadline) == ETIMEDOUT) {
            if (!dog->done) SECRET_CALL(g_cancellable_cancel)(dog->cancellable);
            break;
        }
    }
    pthread_mutex_unlock(&dog->lock);
    return NULL;
}

/* 0 when the timer runs; else -1, with nothing left to stop. */
static int watchdog_start(watchdog *dog, int timeout_ms) {
    dog->cancellable = SECRET_CALL(g_cancellable_new)();
    pthread_mutex_init(&dog->lock, NULL);
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&dog->finished, &clock);
    pthread_condattr_destroy(&clock);
    dog->done = 0;
    clock_gettime(CLOCK_MONOTONIC, &dog->deadline);
    dog->deadline.tv_sec += timeout_ms / 1000;
    dog->deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (dog->deadline.tv_nsec >= 1000000000L) { dog->deadline.tv_sec += 1; dog->deadline.tv_nsec -= 1000000000L; }
    if (pthread_create(&dog->thread, NULL, watchdog_run, dog) == 0) return 0;
    SECRET_CALL(g_object_unref)(dog->cancellable);
    pthread_mutex_destroy(&dog->lock);
    pthread_cond_destroy(&dog->finished);
    return -1;
}

static void watchdog_stop(watchdog *dog) {
    pthread_mutex_lock(&dog->lock);
    dog->done = 1;
    pthread_cond_signal(&dog->finished);
    pthread_mutex_unlock(&dog->lock);
    pthread_join(dog->thread, NULL);
    SECRET_CALL(g_object_unref)(dog->cancellable);
    pthread_mutex_destroy(&dog->lock);
    pthread_cond_destroy(&dog->finished);
}

/* ---- errors --------------------------------------------------------------------------------- */

static vk_status from_error(glib_error *error, char **message) {
    glib_quark io = SECRET_CALL(g_io_error_quark)(), dbus = SECRET_CALL(g_dbus_error_quark)();
    int code = error->code;
    vk_status status = VK_ERROR;
    if ((error->domain == io && (code == GLIB_IO_ERROR_CANCELLED || code == GLIB_IO_ERROR_TIMED_OUT))
        || (error->domain == dbus && (code == GLIB_DBUS_ERROR_TIMEOUT || code == GLIB_DBUS_ERROR_TIMED_OUT
                                      || code == GLIB_DBUS_ERROR_NO_REPLY))) {
        SECRET_CALL(g_error_free)(error);
        if (message) *message = strdup("the Secret Service did not answer in time");
        return VK_TIMEOUT;
    }
    if (error->domain == dbus && code == GLIB_DBUS_ERROR_SERVICE_UNKNOWN) status = VK_NO_SERVICE;
    /* "Could not connect", "Cannot autolaunch": the bus is not there. */
    else if (error->domain == io && (code == GLIB_IO_ERROR_NOT_FOUND || code == GLIB_IO_ERROR_FAILED
                                     || code == GLIB_IO_ERROR_CONNECTION_REFUSED)) status = VK_NO_BUS;
    if (message) *message = strdup(error->message);
    SECRET_CALL(g_error_free)(error);
    return status;
}

/* ---- the probe -------------------------------------------------------------------------------- */

/* A session bus address GIO would use, without letting it autolaunch one (and without GLib,
 * so that a machine with no bus never loads it). */
static int session_bus_exists(void) {
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address && *address) return 1;
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (!runtime || !*runtime) return 0;
    char socket[4096];
    if (snprintf(socket, sizeof socket, "%s/bus", runtime) >= (int)sizeof socket) return 0;
    return access(socket, F_OK) == 0;
}

/* Opens libsecret and starts the timer for one call: VK_ERROR with the reason when either fails
 * (a call without its timer could block for good). */
static vk_status begin_call(watchdog *dog, int timeout_ms, char **message) {
    const char *failure = secret_library_open();
    if (!failure && watchdog_start(dog, timeout_ms) != 0) failure = "the timer for the Secret Service call could not be started";
    if (!failure) return VK_OK;
    if (message) *message = strdup(failure);
    return VK_ERROR;
}

static glib_variant *call(glib_dbus_connection *bus, const char *destination, const char *path,
                      const char *interface, const char *method, glib_variant *arguments,
                      const glib_variant_type *reply, int flags, int timeout_ms,
                      glib_cancellable *cancellable, glib_error **error) {
    return SECRET_CALL(g_dbus_connection_call_sync)(bus, destination, path, interface, method, arguments, reply,
                                       flags, timeout_ms, cancellable, error);
}

static glib_boolean service_reachable(glib_dbus_connection *bus, int timeout_ms, glib_cancellable *cancellable, glib_error **error) {
    glib_variant *owned = call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                           "NameHasOwner", SECRET_CALL(g_variant_new)("(s)", secrets_name), "(b)",
                           GLIB_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!owned) return 0;
    glib_boolean has_owner = 0;
    SECRET_CALL(g_variant_get)(owned, "(b)", &has_owner);
    SECRET_CALL(g_variant_unref)(owned);
    if (has_owner) return 1;
    /* Not running: fine if the bus can start it (a desktop with gnome-keyring installed). */
    glib_variant *names = call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                           "ListActivatableNames", NULL, "(as)",
                           GLIB_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!names) return 0;
    glib_boolean activatable = 0;
    glib_variant_iter *iterator = NULL;
    const char *name = NULL;
    SECRET_CALL(g_variant_get)(names, "(as)", &iterator);
    while (SECRET_CALL(g_variant_iter_loop)(iterator, "&s", &name)) {
        if (strcmp(name, secrets_name) == 0) activatable = 1;
    }
    SECRET_CALL(g_variant_iter_free)(iterator);
    SECRET_CALL(g_variant_unref)(names);
    return activatable;
}

/* The collection behind an alias: NULL when there is none, else its object path. */
static char *read_alias(glib_dbus_connection *bus, const char *alias, int timeout_ms, glib_cancellable *cancellable, glib_error **error) {
    glib_variant *reply = call(bus, secrets_name, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service",
                           "ReadAlias", SECRET_CALL(g_variant_new)("(s)", alias), "(o)",
                           GLIB_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!reply) return NULL;
    const char *path = NULL;
    SECRET_CALL(g_variant_get)(reply, "(&o)", &path);
    char *result = strcmp(path, "/") == 0 ? NULL : strdup(path);
    SECRET_CALL(g_variant_unref)(reply);
    return result;
}

static int is_locked(glib_dbus_connection *bus, const char *collection, int timeout_ms, glib_cancellable *cancellable, glib_error **error) {
    glib_variant *reply = call(bus, secrets_name, collection, "org.freedesktop.DBus.Properties", "Get",
                           SECRET_CALL(g_variant_new)("(ss)", "org.freedesktop.Secret.Collection", "Locked"),
                           "(v)", GLIB_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!reply) return -1;
    glib_variant *value = NULL;
    SECRET_CALL(g_variant_get)(reply, "(v)", &value);
    int locked = SECRET_CALL(g_variant_is_of_type)(value, "b") ? SECRET_CALL(g_variant_get_boolean)(value) : 1;
    SECRET_CALL(g_variant_unref)(value);
    SECRET_CALL(g_variant_unref)(reply);
    return locked;
}

vk_status vk_probe(int timeout_ms, const char **collection_alias, char **message) {
    if (!session_bus_exists()) {
        if (message) *message = strdup("no D-Bus session bus");
        return VK_NO_BUS;
    }
    watchdog dog;
    vk_status began = begin_call(&dog, timeout_ms, message);
    if (began != VK_OK) return began;
    glib_error *error = NULL;
    vk_status status = VK_OK;
    glib_dbus_connection *bus = SECRET_CALL(g_bus_get_sync)(GLIB_BUS_TYPE_SESSION, dog.cancellable, &error);
    if (!bus) {
        status = from_error(error, message);
        if (status == VK_ERROR) status = VK_NO_BUS;
    } else if (!service_reachable(bus, timeout_ms, dog.cancellable, &error)) {
        if (error) status = from_error(error, message);
        else {
            status = VK_NO_SERVICE;
            if (message) *message = strdup("nothing provides org.freedesktop.secrets on the session bus");
        }
    } else {
        static const char *aliases[] = { "session", "default" };
        status = VK_NO_SERVICE;
        int saw_locked = 0, failed = 0;
        for (size_t i = 0; i < 2 && status != VK_OK && !failed; i++) {
            char *collection = read_alias(bus, aliases[i], timeout_ms, dog.cancellable, &error);
            if (error) { status = from_error(error, message); failed = 1; continue; }
            if (!collection) continue;
            int locked = is_locked(bus, collection, timeout_ms, dog.cancellable, &error);
            free(collection);
            if (locked < 0) { status = from_error(error, message); failed = 1; continue; }
            if (locked) { saw_locked = 1; continue; }
            *collection_alias = aliases[i];
            status = VK_OK;
        }
        /* No usable collection (a failed call has said why already). */
        if (status == VK_NO_SERVICE && !failed) {
            if (saw_locked) status = VK_LOCKED;
            if (message) *message = strdup(saw_locked ? "the keyring is locked" : "the Secret Service has no session or default collection");
        }
    }
    if (bus) SECRET_CALL(g_object_unref)(bus);
    watchdog_stop(&dog);
    return status;
}

/* ---- store, lookup, clear ------------------------------------------------------------------ */

vk_status vk_store(const char *collection_alias, const char *label, const char *vault_id,
                   const char *secret, int timeout_ms, char **message) {
    watchdog dog;
    vk_status began = begin_call(&dog, timeout_ms, message);
    if (began != VK_OK) return began;
    glib_error *error = NULL;
    glib_boolean stored = SECRET_CALL(secret_password_store_sync)(secret_library_vault_schema(), collection_alias, label, secret,
                                                 dog.cancellable, &error, "vault-id", vault_id, NULL);
    watchdog_stop(&dog);
    return stored ? VK_OK : from_error(error, message);
}

/* The vault's items, found without unlocking anything: libsecret's own lookup and clear would
 * ask to unlock a locked copy in another collection, and that prompt ignores cancellation. */
static glib_list *search_items(const char *vault_id, glib_boolean load_secrets, glib_cancellable *cancellable, glib_error **error) {
    glib_hash_table *attributes = SECRET_CALL(g_hash_table_new)(SECRET_CALL(g_str_hash), SECRET_CALL(g_str_equal));
    SECRET_CALL(g_hash_table_insert)(attributes, (void *)"vault-id", (void *)vault_id);
    int flags = SECRET_LIBRARY_SEARCH_ALL | (load_secrets ? SECRET_LIBRARY_SEARCH_LOAD_SECRETS : 0);
    glib_list *items = SECRET_CALL(secret_service_search_sync)(NULL, secret_library_vault_schema(), attributes, flags, cancellable, error);
    SECRET_CALL(g_hash_table_unref)(attributes);
    return items;
}

vk_status vk_lookup(const char *vault_id, char **secret, int timeout_ms, char **message) {
    *secret = NULL;
    watchdog dog;
    vk_status began = begin_call(&dog, timeout_ms, message);
    if (began != VK_OK) return began;
    glib_error *error = NULL;
    glib_list *items = search_items(vault_id, 1, dog.cancellable, &error);
    watchdog_stop(&dog);
    if (error) return from_error(error, message);
    for (glib_list *node = items; node && !*secret; node = node->next) {
        secret_item *item = node->data;
        if (SECRET_CALL(secret_item_get_locked)(item)) continue;
        secret_value *value = SECRET_CALL(secret_item_get_secret)(item);
        if (!value) continue;
        const char *text = SECRET_CALL(secret_value_get_text)(value);
        if (text) *secret = strdup(text);
        SECRET_CALL(secret_value_unref)(value);
    }
    SECRET_CALL(g_list_free_full)(items, SECRET_CALL(g_object_unref));
    return *secret ? VK_OK : VK_NOT_FOUND;
}

/* Deletes one item with the service's own Delete call, under the timer. libsecret's
 * secret_item_delete_sync follows a prompt the service may answer with, and waits for it without
 * end, whatever the cancellable says (seen in CI, under load); here a prompt is dismissed and
 * reported. An item that is already gone (the expirer removed it meanwhile) counts as not found. */
static vk_status delete_item(secret_item *item, int timeout_ms, glib_cancellable *cancellable, glib_error **error, char **message) {
    glib_dbus_proxy *proxy = (glib_dbus_proxy *)item;
    glib_dbus_connection *bus = SECRET_CALL(g_dbus_proxy_get_connection)(proxy);
    glib_variant *reply = call(bus, secrets_name, SECRET_CALL(g_dbus_proxy_get_object_path)(proxy), "org.freedesktop.Secret.Item",
                           "Delete", NULL, "(o)", GLIB_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, error);
    if (!reply) {
        char *remote = SECRET_CALL(g_dbus_error_get_remote_error)(*error);
        glib_boolean gone = remote && (strcmp(remote, "org.freedesktop.DBus.Error.UnknownObject") == 0
                                   || strcmp(remote, "org.freedesktop.Secret.Error.NoSuchObject") == 0);
        SECRET_CALL(g_free)(remote);
        if (gone) SECRET_CALL(g_clear_error)(error);
        return gone ? VK_NOT_FOUND : VK_ERROR;
    }
    const char *prompt = NULL;
    SECRET_CALL(g_variant_get)(reply, "(&o)", &prompt);
    vk_status status = VK_OK;
    if (strcmp(prompt, "/") != 0) {
        glib_variant *dismissed = call(bus, secrets_name, prompt, "org.freedesktop.Secret.Prompt", "Dismiss", NULL, NULL,
                                   GLIB_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, NULL);
        if (dismissed) SECRET_CALL(g_variant_unref)(dismissed);
        if (message && !*message) *message = strdup("the Secret Service asked for a confirmation to remove the key, which vault does not give");
        status = VK_ERROR;
    }
    SECRET_CALL(g_variant_unref)(reply);
    return status;
}

vk_status vk_clear(const char *vault_id, int timeout_ms, char **message) {
    watchdog dog;
    vk_status began = begin_call(&dog, timeout_ms, message);
    if (began != VK_OK) return began;
    glib_error *error = NULL;
    glib_list *items = search_items(vault_id, 0, dog.cancellable, &error);
    vk_status status = VK_NOT_FOUND;
    glib_boolean saw_locked = 0;
    for (glib_list *node = items; node && !error; node = node->next) {
        secret_item *item = node->data;
        if (SECRET_CALL(secret_item_get_locked)(item)) { saw_locked = 1; continue; }
        vk_status deleted = delete_item(item, timeout_ms, dog.cancellable, &error, message);
        if (deleted == VK_OK && status != VK_ERROR) status = VK_OK;
        else if (deleted == VK_ERROR && !error) status = VK_ERROR;
    }
    watchdog_stop(&dog);
    SECRET_CALL(g_list_free_full)(items, SECRET_CALL(g_object_unref));
    if (error) {
        if (message && *message) { free(*message); *message = NULL; }
        return from_error(error, message);
    }
    if (status == VK_NOT_FOUND && saw_locked) {
        if (message) *message = strdup("the key is in a locked keyring collection; unlock it to remove the key");
        return VK_LOCKED;
    }
    return status;
}

void vk_free_secret(char *secret) {
    if (!secret) return;
    explicit_bzero(secret, strlen(secret));
    free(secret);
}

void vk_free_message(char *message) {
    free(message);
}
