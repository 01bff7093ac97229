#!/usr/bin/env bash
# Sets up (idempotent), builds, and runs every test. This is what CI runs.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
cmake -S . -B build -G Ninja -DREVIEW_PR_WERROR=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j2
