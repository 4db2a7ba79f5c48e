// zlib's inflater, for undoing `Content-Encoding: gzip` and `deflate` when the session core decodes a body
// itself (libcurl's own decoding switched off to measure the bytes as they came over the wire).
// No logic lives here: `inflateInit2` is a macro (it passes the library version and the stream's size),
// which Swift cannot call; the wrapper forwards it.
#ifndef AFRUN_CZLIB_SHIM_H
#define AFRUN_CZLIB_SHIM_H

#include <zlib.h>

static inline int afz_inflate_init2(z_streamp stream, int windowBits) { return inflateInit2(stream, windowBits); }

#endif
