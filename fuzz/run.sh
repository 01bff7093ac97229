#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan + coverage) and runs each for a
# bounded time. Crashes land in fuzz/crashes/<target>/; each one found becomes a regression
# test in the target's *_test.cc.
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 30 s; targets: diff meta description)
# FUZZ_SEED=N FUZZ_RUNS=M make a run reproducible (CI): the same seed and number of inputs
# give the same inputs, so CI cannot turn red on a random draw; long random runs are by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(diff meta description)
out=build-fuzz
mkdir -p "$out"
flags=(-std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Isrc)
build() {  # name sources...
  local name=$1; shift
  [ "$out/$name" -nt "$0" ] && [ -z "$(find src -newer "$out/$name" -name '*.cc' -o -newer "$out/$name" -name '*.h' | head -1)" ] && return
  clang++ "${flags[@]}" "$@" -o "$out/$name" -lre2 -lmd4c
}
for t in "${targets[@]}"; do
  case $t in
    diff) build diff_fuzz src/source/unified_diff_fuzz.cc src/source/unified_diff.cc src/core/change_set.cc src/core/paths.cc ;;
    meta) build meta_fuzz src/source/meta_json_fuzz.cc src/source/meta_json.cc ;;
    description) build description_fuzz src/text/description_fuzz.cc src/text/description.cc src/text/markdown.cc ;;
    *) echo "unknown target $t" >&2; exit 2 ;;
  esac
  mkdir -p "fuzz/crashes/$t" "$out/corpus-$t"
  seeds=()
  [ -d "fuzz/seeds/$t" ] && seeds=("fuzz/seeds/$t")
  echo "== $t: ${seconds}s"
  repro=()
  [ -n "${FUZZ_SEED:-}" ] && repro+=(-seed="$FUZZ_SEED")
  [ -n "${FUZZ_RUNS:-}" ] && repro+=(-runs="$FUZZ_RUNS")
  "$out/${t}_fuzz" "${repro[@]}" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="fuzz/crashes/$t/" -print_final_stats=1 "$out/corpus-$t" "${seeds[@]}" 2>&1 | tail -4
done
