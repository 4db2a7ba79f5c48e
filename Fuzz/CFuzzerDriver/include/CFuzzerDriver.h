#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver entry (LLVM >= 11), for executables that keep their own `main`: SwiftPM names
// an executable target's entry point after the module, so libFuzzer's `main` cannot be used as is.
// Only declared here; the symbol comes from libFuzzer when linking with -sanitize=fuzzer, and only
// fuzz builds (-DAFRUN_FUZZ) call it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
