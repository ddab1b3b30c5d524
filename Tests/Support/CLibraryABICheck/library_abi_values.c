/* vault opens libsecret (with GLib) and libxml2 at run time and declares the part of their ABI
 * it uses instead of including their headers (Sources/CKeyringShim/secret_library.h and
 * Sources/CXMLLibrary/include/xml_library.h say why). Here vault's declarations meet the
 * installed headers: every value and structure layout vault relies on is compared when the
 * tests build (library_abi_prototypes.c compares the functions). */
#include "library_abi_check.h"
#include "../../../Sources/CKeyringShim/secret_library.h"
#include "../../../Sources/CXMLLibrary/include/xml_library.h"

#include <gio/gio.h>
#include <libsecret/secret.h>
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <stddef.h>

#define SAME(ours, theirs) _Static_assert((ours) == (theirs), #ours " differs from " #theirs)

SAME(GLIB_BUS_TYPE_SESSION, G_BUS_TYPE_SESSION);
SAME(GLIB_DBUS_CALL_FLAGS_NONE, G_DBUS_CALL_FLAGS_NONE);
SAME(GLIB_IO_ERROR_FAILED, G_IO_ERROR_FAILED);
SAME(GLIB_IO_ERROR_NOT_FOUND, G_IO_ERROR_NOT_FOUND);
SAME(GLIB_IO_ERROR_CANCELLED, G_IO_ERROR_CANCELLED);
SAME(GLIB_IO_ERROR_TIMED_OUT, G_IO_ERROR_TIMED_OUT);
SAME(GLIB_IO_ERROR_CONNECTION_REFUSED, G_IO_ERROR_CONNECTION_REFUSED);
SAME(GLIB_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_SERVICE_UNKNOWN);
SAME(GLIB_DBUS_ERROR_NO_REPLY, G_DBUS_ERROR_NO_REPLY);
SAME(GLIB_DBUS_ERROR_TIMEOUT, G_DBUS_ERROR_TIMEOUT);
SAME(GLIB_DBUS_ERROR_TIMED_OUT, G_DBUS_ERROR_TIMED_OUT);
SAME(GLIB_LOG_LEVEL_ERROR, G_LOG_LEVEL_ERROR);
SAME(GLIB_LOG_WRITER_HANDLED, G_LOG_WRITER_HANDLED);
SAME(GLIB_LOG_WRITER_UNHANDLED, G_LOG_WRITER_UNHANDLED);
SAME(SECRET_LIBRARY_SEARCH_ALL, SECRET_SEARCH_ALL);
SAME(SECRET_LIBRARY_SEARCH_LOAD_SECRETS, SECRET_SEARCH_LOAD_SECRETS);
SAME(SECRET_LIBRARY_SCHEMA_NONE, SECRET_SCHEMA_NONE);
SAME(SECRET_LIBRARY_SCHEMA_ATTRIBUTE_STRING, SECRET_SCHEMA_ATTRIBUTE_STRING);

SAME(sizeof(glib_quark), sizeof(GQuark));
SAME(sizeof(glib_boolean), sizeof(gboolean));
SAME(sizeof(glib_bus_type), sizeof(GBusType));
SAME(sizeof(glib_dbus_call_flags), sizeof(GDBusCallFlags));
SAME(sizeof(secret_schema_flags), sizeof(SecretSchemaFlags));
SAME(sizeof(secret_search_flags), sizeof(SecretSearchFlags));
/* vault's GLogWriterFunc: an int-sized result and level, then the fields, their count, data. */
SAME(sizeof(GLogWriterOutput), sizeof(int));
SAME(sizeof(GLogLevelFlags), sizeof(int));
_Static_assert(__builtin_types_compatible_p(glib_log_writer, int (*)(int, const void *, size_t, void *)),
               "glib_log_writer changed");
_Static_assert(__builtin_types_compatible_p(GLogWriterFunc,
                                            GLogWriterOutput (*)(GLogLevelFlags, const GLogField *, gsize, gpointer)),
               "GLogWriterFunc is no longer the function vault's glib_log_writer stands for");
SAME(sizeof(glib_error), sizeof(GError));
SAME(offsetof(glib_error, domain), offsetof(GError, domain));
SAME(offsetof(glib_error, code), offsetof(GError, code));
SAME(offsetof(glib_error, message), offsetof(GError, message));
SAME(sizeof(glib_list), sizeof(GList));
SAME(offsetof(glib_list, data), offsetof(GList, data));
SAME(offsetof(glib_list, next), offsetof(GList, next));
SAME(offsetof(glib_list, prev), offsetof(GList, prev));

SAME(XML_LIBRARY_PARSE_NOERROR, XML_PARSE_NOERROR);
SAME(XML_LIBRARY_PARSE_NOWARNING, XML_PARSE_NOWARNING);
SAME(XML_LIBRARY_PARSE_NONET, XML_PARSE_NONET);
SAME(XML_LIBRARY_NODE_ELEMENT, XML_READER_TYPE_ELEMENT);
SAME(XML_LIBRARY_NODE_TEXT, XML_READER_TYPE_TEXT);
SAME(XML_LIBRARY_NODE_CDATA, XML_READER_TYPE_CDATA);
SAME(XML_LIBRARY_NODE_ENTITY_REFERENCE, XML_READER_TYPE_ENTITY_REFERENCE);
SAME(XML_LIBRARY_NODE_ENTITY, XML_READER_TYPE_ENTITY);
SAME(XML_LIBRARY_NODE_DOCUMENT_TYPE, XML_READER_TYPE_DOCUMENT_TYPE);
SAME(XML_LIBRARY_NODE_WHITESPACE, XML_READER_TYPE_WHITESPACE);
SAME(XML_LIBRARY_NODE_SIGNIFICANT_WHITESPACE, XML_READER_TYPE_SIGNIFICANT_WHITESPACE);
SAME(XML_LIBRARY_NODE_END_ELEMENT, XML_READER_TYPE_END_ELEMENT);
