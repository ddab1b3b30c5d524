/* A small, GLib-free interface to the freedesktop Secret Service for Swift: libsecret's API is
 * variadic and GLib-typed, and its calls can block forever on a keyring prompt, so every call
 * here first checks that a service is reachable without prompting and runs under a timer. */
#ifndef VAULT_KEYRING_SHIM_H
#define VAULT_KEYRING_SHIM_H

typedef enum {
    VK_OK = 0,
    VK_NOT_FOUND,      /* no item for this vault */
    VK_NO_BUS,         /* no D-Bus session bus */
    VK_NO_SERVICE,     /* a bus, but nothing provides org.freedesktop.secrets */
    VK_LOCKED,         /* only a locked collection: using it would prompt */
    VK_TIMEOUT,        /* the service did not answer in time */
    VK_ERROR           /* anything else; see the message */
} vk_status;

/* Where a key can be kept without a prompt: "session" (in memory) or "default". */
vk_status vk_probe(int timeout_ms, const char **collection_alias, char **message);

/* Stores `secret` (a NUL-terminated text) for the vault `vault_id` in the collection. */
vk_status vk_store(const char *collection_alias, const char *label, const char *vault_id,
                   const char *secret, int timeout_ms, char **message);

/* Looks up the vault's secret; free it with vk_free_secret. */
vk_status vk_lookup(const char *vault_id, char **secret, int timeout_ms, char **message);

/* Removes every item of the vault, in every collection. */
vk_status vk_clear(const char *vault_id, int timeout_ms, char **message);

void vk_free_secret(char *secret);

/* Frees a message the calls above returned. */
void vk_free_message(char *message);

#endif
