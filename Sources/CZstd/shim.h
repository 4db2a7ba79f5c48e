// The Zstandard streaming decoder, for undoing `Content-Encoding: zstd` when the session core decodes a body
// itself. Headers only: its API has no macros or variadics.
#ifndef AFRUN_CZSTD_SHIM_H
#define AFRUN_CZSTD_SHIM_H

#include <zstd.h>

#endif
