#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own main (provided by -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
