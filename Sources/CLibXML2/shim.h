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
#include <libxml/encoding.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlreader.h>

/* xmlFree is a global function pointer; Swift 6 treats reading it as shared mutable state. */
static inline void larder_xml_free(void *pointer) { xmlFree(pointer); }

/* libxml2 prints what has no parser to report to (an encoding converter's failure, "I/O error :
   encoder error") on stderr through its generic error function, which is variadic: Swift cannot
   write one. This one drops them; the function is per thread in libxml2, so each parse sets it. */
static void larder_xml_ignore_message(void *context, const char *message, ...) { (void)context; (void)message; }
static inline void larder_xml_silence_generic_errors(void) { xmlSetGenericErrorFunc(NULL, larder_xml_ignore_message); }
#endif
