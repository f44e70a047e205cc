#ifndef LARDER_CLIBFUZZER_H
#define LARDER_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Hands the process to libFuzzer's driver with `test` as the target. SwiftPM links every
/// executable with `--defsym main=<module>_main`, so libFuzzer's own `main` is never the entry
/// point; each target defines `<module>_main` and calls this (`LLVMFuzzerRunDriver`, part of
/// libFuzzer since LLVM 12).
int larder_fuzz_run(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

#endif
