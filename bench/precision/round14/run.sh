#!/usr/bin/env bash
# usage: run.sh BIN TAG
set -u
bin=$1; tag=$2; o=/work/tmp/prc12
for s in aiter ATOM; do
  m=/work/.mirror/ROCm+$s/repo
  nice -n 5 $bin batch --repo $m --commits $o/$s/heads.txt -j2 -q --timeout 300 -o $o/$s/$tag.jsonl --summary $o/$s/$tag.sum || true
done
echo done
