#!/usr/bin/env bash
# usage: run.sh BIN TAG ; picks (once) and reviews aiter 60 + ATOM 40 with -j1
set -euo pipefail
here=/work/wt-prc11; bin=$1; tag=$2; o=/work/tmp/prc11
for spec in "ROCm+aiter ROCm/aiter 60 aiter" "ROCm+ATOM ROCm/ATOM 40 ATOM"; do
  set -- $spec; m=/work/.mirror/$1/repo; name=$2; n=$3; s=$4
  d=$o/$s; mkdir -p $d
  if [ ! -s $d/heads.txt ]; then
    git -C $m for-each-ref --sort=-committerdate --format='%(refname) %(objectname)' 'refs/pull/*/head' |
      SKIP_HEADS=$o/judged-$s.heads python3 $here/bench/precision_tool.py pick $name $n /work/shared/reserved-prs.txt /work/shared/corpus > $d/heads.txt
  fi
  nice -n 5 $bin batch --repo $m --commits $d/heads.txt -j1 -q --timeout 300 -o $d/$tag.jsonl --summary $d/$tag.sum || true
done
echo done
