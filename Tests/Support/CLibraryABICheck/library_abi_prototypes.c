/* The other half of library_abi_values.c: vault's declarations of the functions it opens from
 * libsecret, GLib and libxml2, read with the installed headers' own types in place of vault's
 * names for them, must be the installed prototypes exactly (parameters, result, variadic or
 * not); any difference stops the test build. */
#include "library_abi_check.h"

#include <gio/gio.h>
#include <libsecret/secret.h>
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>

#define SECRET_LIBRARY_REAL_TYPES
typedef GQuark glib_quark;
typedef gboolean glib_boolean;
typedef GBusType glib_bus_type;
typedef GDBusCallFlags glib_dbus_call_flags;
typedef SecretSchemaFlags secret_schema_flags;
typedef SecretSearchFlags secret_search_flags;
typedef GError glib_error;
typedef GList glib_list;
typedef GCancellable glib_cancellable;
typedef GDBusConnection glib_dbus_connection;
typedef GDBusProxy glib_dbus_proxy;
typedef GVariant glib_variant;
typedef GVariantIter glib_variant_iter;
typedef GVariantType glib_variant_type;
typedef GHashTable glib_hash_table;
typedef SecretItem secret_item;
typedef SecretService secret_service;
typedef SecretSchema secret_schema;
typedef SecretValue secret_value;
typedef GLogWriterFunc glib_log_writer;
#include "../../../Sources/CKeyringShim/secret_library.h"

#define XML_LIBRARY_REAL_TYPES
typedef xmlTextReader xml_reader;
#include "../../../Sources/CXMLLibrary/include/xml_library.h"
#include "../../../Sources/CXMLLibrary/xml_library_functions.h"

#define SAME_PROTOTYPE(name, result, parameters) \
    _Static_assert(__builtin_types_compatible_p(result (*)parameters, __typeof__(&name)), \
                   "vault's prototype of " #name " differs from the installed header's");
SECRET_LIBRARY_FUNCTIONS(SAME_PROTOTYPE)
XML_LIBRARY_FUNCTIONS(SAME_PROTOTYPE)
