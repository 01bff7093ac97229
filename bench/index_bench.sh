#!/usr/bin/env bash
# Index figures for one repository: the git floor (list every blob and read every indexed
# blob with `git cat-file --batch`), then index_bench's cold / warm / warm+PR builds.
# Usage: bench/index_bench.sh REPO [COMMIT]   (COMMIT: a squash commit; PR = COMMIT^..COMMIT)
set -euo pipefail
repo=$1
commit=${2:-$(git --git-dir="$repo" rev-parse HEAD)}
bin=${BIN:-build/index_bench}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
# The floor is wall time, like the index figures' "wall" column; "cpu" is process CPU time
# (summed over threads), the fairer figure when the machine is shared.
start=$(date +%s%N)
git --git-dir="$repo" ls-tree -r "$commit^" | awk '$4 ~ /\.(py|h|hpp|cuh|cu|cc|cpp|hip|c|cxx|hh|inl)$/ {print $3}' \
  | git --git-dir="$repo" cat-file --batch > /dev/null
end=$(date +%s%N)
floor=$(( (end - start) / 1000000 ))
echo "floor (ls-tree + cat-file --batch of indexed blobs): ${floor} ms"
changed=$(git --git-dir="$repo" diff --name-only "$commit^" "$commit" | wc -l)
echo "PR $commit: $changed changed files"
"$bin" "$repo" "$commit^" "$commit" "$cache" | tee /dev/stderr | awk -v f="$floor" '/^cold/ {printf "cold wall / floor wall: %.1fx\n", $6 / (f > 0 ? f : 1)}'
