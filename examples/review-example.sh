#!/usr/bin/env bash
# Builds the bundled example into a real git repository (examples/work/minikern: `main` =
# examples/minikern/base, branch `pr-17` = examples/minikern/pr) and reviews the PR with its
# metadata. Extra arguments go to review-pr (e.g. --format json).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${REVIEW_PR:-$here/../build/review-pr}
work=$here/work/minikern
rm -rf "$work"
mkdir -p "$work"
g() { git -C "$work" -c user.name=example -c user.email=example@example.invalid -c init.defaultBranch=main "$@"; }
g init -q
cp -r "$here/minikern/base/." "$work/"
g add -A && g commit -qm "minikern: rms_norm, per-token quant, graph runner, worker"
g checkout -q -b pr-17
find "$work" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
cp -r "$here/minikern/pr/." "$work/"
g add -A && g commit -qm "Faster per-token quant, int8 output, batching worker"
exec "$bin" --repo "$work" --base main --head pr-17 --meta "$here/minikern/pr.json" "$@"
