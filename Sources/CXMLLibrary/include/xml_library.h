/* libxml2's streaming reader, opened at run time. Only the KeePass XML import reads XML, and
 * linking libxml2 would make every vault command load it and, through it, ICU and liblzma at
 * start. So nothing of libxml2 is linked, nor are its headers needed: the values below and the
 * prototypes in xml_library_functions.h come from the headers of libxml2 2.9 (MIT licence), and
 * Tests/Support/CLibraryABICheck checks them against the installed headers when the tests
 * build. Each function here calls libxml2's function of the name given beside it, once
 * xml_library_open has returned NULL. */
#ifndef VAULT_XML_LIBRARY_H
#define VAULT_XML_LIBRARY_H

/* An xmlTextReader. */
#ifndef XML_LIBRARY_REAL_TYPES
typedef struct xml_reader xml_reader;
#endif

/* xmlParserOption values, and the node types xmlTextReaderNodeType returns. */
enum {
    XML_LIBRARY_PARSE_NOERROR = 1 << 5,
    XML_LIBRARY_PARSE_NOWARNING = 1 << 6,
    XML_LIBRARY_PARSE_NONET = 1 << 11,
    XML_LIBRARY_NODE_ELEMENT = 1,
    XML_LIBRARY_NODE_TEXT = 3,
    XML_LIBRARY_NODE_CDATA = 4,
    XML_LIBRARY_NODE_ENTITY_REFERENCE = 5,
    XML_LIBRARY_NODE_ENTITY = 6,
    XML_LIBRARY_NODE_DOCUMENT_TYPE = 10,
    XML_LIBRARY_NODE_WHITESPACE = 13,
    XML_LIBRARY_NODE_SIGNIFICANT_WHITESPACE = 14,
    XML_LIBRARY_NODE_END_ELEMENT = 15,
};

/* Opens libxml2 once per process (later calls return at once): NULL when it is there with
 * every function used here, else why not, in a static text. */
const char *xml_library_open(void);

xml_reader *xml_library_reader_for_memory(const char *buffer, int size, int options); /* xmlReaderForMemory */
void xml_library_free_reader(xml_reader *reader);                     /* xmlFreeTextReader */
int xml_library_read(xml_reader *reader);                             /* xmlTextReaderRead */
int xml_library_node_type(xml_reader *reader);                        /* xmlTextReaderNodeType */
const unsigned char *xml_library_name(xml_reader *reader);            /* xmlTextReaderConstName */
const unsigned char *xml_library_value(xml_reader *reader);           /* xmlTextReaderConstValue */
int xml_library_is_empty_element(xml_reader *reader);                 /* xmlTextReaderIsEmptyElement */
int xml_library_move_to_next_attribute(xml_reader *reader);           /* xmlTextReaderMoveToNextAttribute */
int xml_library_move_to_element(xml_reader *reader);                  /* xmlTextReaderMoveToElement */
int xml_library_line_number(xml_reader *reader);                      /* xmlTextReaderGetParserLineNumber */

#endif
