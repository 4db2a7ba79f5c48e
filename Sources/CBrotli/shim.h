// The brotli decoder, for undoing `Content-Encoding: br` when the session core decodes a body itself.
// Headers only: its API has no macros or variadics.
#ifndef AFRUN_CBROTLI_SHIM_H
#define AFRUN_CBROTLI_SHIM_H

#include <brotli/decode.h>

#endif
