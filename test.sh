#!/usr/bin/env bash
# Sets up (idempotent), builds, and runs every test twice: a normal build with warnings as
# errors, then an AddressSanitizer + UndefinedBehaviorSanitizer build of the same suite.
# Then each libFuzzer target for 40,000 inputs from seed 1 (at most FUZZ_SECONDS, default 20)
# — reproducible, and a crash fails the run.
# This is what CI runs. SKIP_SANITIZERS=1 runs only the first pass; FUZZ_SECONDS=0 skips fuzzing.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
cmake -S . -B build -G Ninja -DREVIEW_PR_WERROR=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j2
if [ "${SKIP_SANITIZERS:-0}" != 1 ]; then
  cmake -S . -B build-asan -G Ninja -DREVIEW_PR_SANITIZE=ON -DREVIEW_PR_WERROR=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
  cmake --build build-asan
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0" \
    ctest --test-dir build-asan --output-on-failure -j2
fi
if [ "${FUZZ_SECONDS:-20}" != 0 ]; then
  FUZZ_SEED="${FUZZ_SEED:-1}" FUZZ_RUNS="${FUZZ_RUNS:-40000}" fuzz/run.sh "${FUZZ_SECONDS:-20}"
fi
