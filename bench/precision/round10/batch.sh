#!/bin/bash
# batch.sh BIN TAG RULE...
BIN=$1; TAG=$2; shift 2
args=(); for r in "$@"; do args+=(--rule "$r"); done
for R in aiter ATOM; do
  nice -n 10 $BIN batch --repo /work/.mirror/ROCm+$R/repo --commits $R.commits -j1 -q --timeout 300 "${args[@]}" -o h-$TAG-$R.jsonl --summary h-$TAG-$R.sum
done
