#!/usr/bin/env bash
# Times review-pr on one commit against its floor, in the same run, and prints the ratio. The
# floor is what any review of the commit must do: `git diff C^ C`, plus reading both sides of
# every changed file and parsing them with tree-sitter (build/parse_floor, a bench-only
# program). Usage:
#   bench/review_vs_diff.sh REPO COMMIT [RUNS]      (REPO may be a bare mirror)
# The median of RUNS (default 9) runs of each is compared; a warm-up run of each comes first.
# Then one more review run under /usr/bin/time gives its CPU time and peak RSS.
# REVIEW_PR and PARSE_FLOOR name the binaries (default: this tree's build/).
set -euo pipefail
repo=${1:?usage: review_vs_diff.sh REPO COMMIT [RUNS]}
commit=${2:?usage: review_vs_diff.sh REPO COMMIT [RUNS]}
runs=${3:-9}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVIEW_PR:-$here/build/review-pr}
floor_bin=${PARSE_FLOOR:-$here/build/parse_floor}
[ -x "$bin" ] || { echo "build review-pr first (ninja -C build)" >&2; exit 2; }
[ -x "$floor_bin" ] || { echo "build parse_floor first (ninja -C build parse_floor)" >&2; exit 2; }
changed=$(mktemp)
trap 'rm -f "$changed"' EXIT
git -C "$repo" diff --name-only "$commit^" "$commit" > "$changed"

median_ms() {  # command... → median wall ms over $runs runs (stdin from $changed)
  local times=()
  "$@" < "$changed" >/dev/null 2>&1 || true
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N); "$@" < "$changed" >/dev/null 2>&1 || true; t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}

stat=$(git -C "$repo" diff --shortstat "$commit^" "$commit")
diff_ms=$(median_ms git -C "$repo" diff "$commit^" "$commit")
parse_ms=$(median_ms "$floor_bin" "$repo" "$commit^" "$commit")
review_ms=$(median_ms "$bin" --repo "$repo" --base "$commit^" --head "$commit" --format json)
usage=$(mktemp)
trap 'rm -f "$changed" "$usage"' EXIT
/usr/bin/time -o "$usage" -f "%U %S %e %M" "$bin" --repo "$repo" --base "$commit^" --head "$commit" --format json \
  >/dev/null 2>&1 || true
read -r user sys wall rss < <(tail -1 "$usage")
/usr/bin/time -o "$usage" -f "%M" "$floor_bin" "$repo" "$commit^" "$commit" < "$changed" >/dev/null 2>&1 || true
floor_rss=$(tail -1 "$usage")
awk -v c="${commit:0:12}" -v s="${stat# }" -v d="$diff_ms" -v p="$parse_ms" -v r="$review_ms" -v n="$runs" \
    -v u="$user" -v y="$sys" -v w="$wall" -v m="$rss" -v fm="$floor_rss" 'BEGIN {
  f = d + p
  printf "commit %s: %s\n", c, s
  printf "  git diff:          %9.2f ms (median of %d)\n", d, n
  printf "  read + parse:      %9.2f ms (median of %d; peak RSS %.0f MB)\n", p, n, fm / 1024
  printf "  floor:             %9.2f ms\n", f
  printf "  review-pr:         %9.2f ms (median of %d)\n", r, n
  printf "  ratio to floor:    %9.1fx   (to git diff alone: %.1fx)\n", (f > 0 ? r / f : 0), (d > 0 ? r / d : 0)
  printf "  one review:        %s s user, %s s sys, %s s wall, peak RSS %.0f MB\n", u, y, w, m / 1024
}'
