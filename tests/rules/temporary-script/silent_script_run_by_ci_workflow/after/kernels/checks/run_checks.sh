#!/usr/bin/env bash
# Build the native checks and run them; the CI job below calls this.
set -euo pipefail
cmake -S kernels/checks -B "${BUILD_DIR:-build-checks}"
cmake --build "${BUILD_DIR:-build-checks}"
ctest --test-dir "${BUILD_DIR:-build-checks}"
