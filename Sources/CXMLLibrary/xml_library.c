/* See xml_library.h. */
#include "xml_library.h"
#include "xml_library_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define XML_LIBRARY_DEFINE(name, result, parameters) static result (*opened_##name)parameters;
XML_LIBRARY_FUNCTIONS(XML_LIBRARY_DEFINE)
#undef XML_LIBRARY_DEFINE

/* libxml2's sonames, newest first: 2.14 changed it from libxml2.so.2 to libxml2.so.16, keeping
 * the reader functions used here. */
static const char *const library_names[] = { "libxml2.so.16", "libxml2.so.2" };

static pthread_once_t opened = PTHREAD_ONCE_INIT;
static const char *failure;
static char failure_text[512];

static void open_once(void) {
    void *library = NULL;
    /* Each name's reason, so that a libxml2 that is there but cannot load is not hidden behind
     * the other name's absence. */
    int written = snprintf(failure_text, sizeof failure_text, "libxml2 could not be loaded (");
    for (size_t i = 0; i < sizeof library_names / sizeof *library_names && !library; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        if (!library && written >= 0 && (size_t)written < sizeof failure_text) {
            written += snprintf(failure_text + written, sizeof failure_text - written, "%s%s", i ? "; " : "", dlerror());
        }
    }
    if (!library) {
        if (written >= 0 && (size_t)written < sizeof failure_text) {
            snprintf(failure_text + written, sizeof failure_text - written, "; install libxml2)");
        }
        failure = failure_text;
        return;
    }
#define XML_LIBRARY_RESOLVE(name, result, parameters) \
    opened_##name = (result (*)parameters)dlsym(library, #name); \
    if (!opened_##name) { \
        snprintf(failure_text, sizeof failure_text, "libxml2 has no %s", #name); \
        failure = failure_text; \
        return; \
    }
    XML_LIBRARY_FUNCTIONS(XML_LIBRARY_RESOLVE)
#undef XML_LIBRARY_RESOLVE
}

const char *xml_library_open(void) {
    pthread_once(&opened, open_once);
    return failure;
}

xml_reader *xml_library_reader_for_memory(const char *buffer, int size, int options) {
    return opened_xmlReaderForMemory(buffer, size, NULL, NULL, options);
}

void xml_library_free_reader(xml_reader *reader) { opened_xmlFreeTextReader(reader); }
int xml_library_read(xml_reader *reader) { return opened_xmlTextReaderRead(reader); }
int xml_library_node_type(xml_reader *reader) { return opened_xmlTextReaderNodeType(reader); }
const unsigned char *xml_library_name(xml_reader *reader) { return opened_xmlTextReaderConstName(reader); }
const unsigned char *xml_library_value(xml_reader *reader) { return opened_xmlTextReaderConstValue(reader); }
int xml_library_is_empty_element(xml_reader *reader) { return opened_xmlTextReaderIsEmptyElement(reader); }
int xml_library_move_to_next_attribute(xml_reader *reader) { return opened_xmlTextReaderMoveToNextAttribute(reader); }
int xml_library_move_to_element(xml_reader *reader) { return opened_xmlTextReaderMoveToElement(reader); }
int xml_library_line_number(xml_reader *reader) { return opened_xmlTextReaderGetParserLineNumber(reader); }
