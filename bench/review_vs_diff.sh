#!/usr/bin/env bash
# Times review-pr on one commit against the floor `git diff C^ C` on the same commit, in the
# same run, and prints the ratio. Usage:
#   bench/review_vs_diff.sh REPO COMMIT [RUNS]      (REPO may be a bare mirror)
# The median of RUNS (default 9) runs of each is compared; a warm-up run of each comes first.
set -euo pipefail
repo=${1:?usage: review_vs_diff.sh REPO COMMIT [RUNS]}
commit=${2:?usage: review_vs_diff.sh REPO COMMIT [RUNS]}
runs=${3:-9}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVIEW_PR:-$here/build/review-pr}
[ -x "$bin" ] || { echo "build review-pr first (ninja -C build)" >&2; exit 2; }

median_ms() {  # command... → median wall ms over $runs runs
  local times=()
  "$@" >/dev/null 2>&1 || true
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}

stat=$(git -C "$repo" diff --shortstat "$commit^" "$commit")
diff_ms=$(median_ms git -C "$repo" diff "$commit^" "$commit")
review_ms=$(median_ms "$bin" --repo "$repo" --base "$commit^" --head "$commit" --format json)
ratio=$(awk -v a="$review_ms" -v b="$diff_ms" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
echo "commit ${commit:0:12}: ${stat# }"
echo "  git diff:  ${diff_ms} ms (median of $runs)"
echo "  review-pr: ${review_ms} ms (median of $runs)"
echo "  ratio:     ${ratio}x"
