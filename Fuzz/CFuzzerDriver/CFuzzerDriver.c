// The header is the module: LLVMFuzzerRunDriver's declaration (a C target needs one source file).
#include "CFuzzerDriver.h"
