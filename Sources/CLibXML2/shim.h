// libxml2's streaming reader, which the KeePass XML importer uses (Sources/Interchange/XML).
//
// Debian builds libxml2 with ICU, so its encoding header pulls in ICU's own headers, whose
// declarations clash with the copy of ICU inside Foundation. Nothing here uses libxml2's ICU
// converters (only pointers to them sit at the end of a struct this module never touches), so
// the ICU part of the headers is switched off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
