// libxml2's functions hubctl calls, loaded on first use (include/CLibraries.h). Hidden: these names
// serve hubctl's own calls only. The SAX callbacks hubctl gives libxml2 are plain function pointers
// (HubCore/XMLDocumentReader.swift); only the calls below go through a slot.
#pragma GCC visibility push(hidden)
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#pragma GCC visibility pop
#include "stubs.h"

#define XML_STUB __attribute__((visibility("hidden")))
#define REAL(name) HUB_REAL(HUB_LIBRARY_XML, name)

// Every function forwarded below, resolved together when the library loads (stubs.h).
#define HUB_XML_FUNCTIONS(F) \
    F(xmlInitParser) \
    F(xmlCreatePushParserCtxt) \
    F(xmlCtxtUseOptions) \
    F(xmlParseChunk) \
    F(xmlStopParser) \
    F(xmlFreeParserCtxt) \
    F(xmlSAX2GetLineNumber)
HUB_FUNCTION_TABLE(hub_xml_functions, HUB_XML_FUNCTIONS);

XML_STUB void xmlInitParser(void) { REAL(xmlInitParser)(); }
XML_STUB xmlParserCtxtPtr xmlCreatePushParserCtxt(xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size,
                                                  const char *filename) {
    return REAL(xmlCreatePushParserCtxt)(sax, user_data, chunk, size, filename);
}
XML_STUB int xmlCtxtUseOptions(xmlParserCtxtPtr context, int options) {
    return REAL(xmlCtxtUseOptions)(context, options);
}
XML_STUB int xmlParseChunk(xmlParserCtxtPtr context, const char *chunk, int size, int terminate) {
    return REAL(xmlParseChunk)(context, chunk, size, terminate);
}
XML_STUB void xmlStopParser(xmlParserCtxtPtr context) { REAL(xmlStopParser)(context); }
XML_STUB void xmlFreeParserCtxt(xmlParserCtxtPtr context) { REAL(xmlFreeParserCtxt)(context); }
XML_STUB int xmlSAX2GetLineNumber(void *context) { return REAL(xmlSAX2GetLineNumber)(context); }
