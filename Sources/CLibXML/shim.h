// libxml2's headers live in /usr/include/libxml2 (Debian's libxml2-dev); the targets that include them
// add that directory themselves (Package.swift) instead of asking pkg-config, which would also link
// -lxml2: hubctl loads libxml2 on first use (Sources/CLibraries/xml.c), it does not link it.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its encoding.h then includes ICU's <unicode/ucnv.h>, whose
// types clash in Swift with those of Foundation's own ICU module (`UErrorCode has different
// definitions in different modules`). hubctl uses none of libxml2's ICU declarations; the one
// structure they change (xmlCharEncodingHandler) it only ever sees behind a pointer it never follows.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
