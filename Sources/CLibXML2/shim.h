#ifndef LARDER_CLIBXML2_SHIM_H
#define LARDER_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU; its ICU headers clash with Foundation's own ICU module
   ("'UErrorCode' has different definitions in different modules"). Larder never uses
   libxml2's ICU encoders, so pretend they are not there. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>

/* xmlFree is a global function pointer; Swift 6 treats reading it as shared mutable state. */
static inline void larder_xml_free(void *pointer) { xmlFree(pointer); }
#endif
