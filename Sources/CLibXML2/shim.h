// libxml2's XML and HTML parsers and its XPath engine, for XPath assertions. No logic lives here:
// each function forwards one call that Swift cannot make directly.
#ifndef AFRUN_CLIBXML2_SHIM_H
#define AFRUN_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, whose system headers clash with Foundation's own ICU module.
// Nothing here uses the ICU-only fields of the encoding handler, so the ICU include is skipped.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

// `xmlFree` is a global function pointer (or a macro in thread-allocation builds).
static inline void afx_free(void *p) { xmlFree(p); }

// libxml2 prints a few XPath problems ("function foo not found") through the per-thread generic error
// function, whose type is variadic (Swift cannot write one): this one discards them. Set per thread.
static void afx_discard_generic_error(void *context, const char *message, ...) { (void)context; (void)message; }
static inline void afx_silence_generic_errors(void) { xmlSetGenericErrorFunc(NULL, afx_discard_generic_error); }

#endif
