// The module's one function is `static inline` in its header; SwiftPM needs a source file for a C target.
#include "CSQLiteConfig.h"
