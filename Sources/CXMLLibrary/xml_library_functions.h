/* The functions of libxml2 that xml_library.c opens: name, result, parameters (from the
 * headers of libxml2 2.9, MIT licence). Tests/Support/CLibraryABICheck includes this list
 * beside the installed headers and checks each prototype when the tests build. */
#ifndef VAULT_XML_LIBRARY_FUNCTIONS_H
#define VAULT_XML_LIBRARY_FUNCTIONS_H

#define XML_LIBRARY_FUNCTIONS(X) \
    X(xmlReaderForMemory, xml_reader *, (const char *buffer, int size, const char *url, const char *encoding, \
        int options)) \
    X(xmlFreeTextReader, void, (xml_reader *reader)) \
    X(xmlTextReaderRead, int, (xml_reader *reader)) \
    X(xmlTextReaderNodeType, int, (xml_reader *reader)) \
    X(xmlTextReaderConstName, const unsigned char *, (xml_reader *reader)) \
    X(xmlTextReaderConstValue, const unsigned char *, (xml_reader *reader)) \
    X(xmlTextReaderIsEmptyElement, int, (xml_reader *reader)) \
    X(xmlTextReaderMoveToNextAttribute, int, (xml_reader *reader)) \
    X(xmlTextReaderMoveToElement, int, (xml_reader *reader)) \
    X(xmlTextReaderGetParserLineNumber, int, (xml_reader *reader))

#endif
