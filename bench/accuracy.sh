#!/usr/bin/env bash
# Regenerates README's "Accuracy" section: the dev corpus, the mined tune/validate split, the
# labelled sample's classes and per-rule precision, all measured in this one run.
#   bench/accuracy.sh AITER_MIRROR ATOM_MIRROR
# Mirrors: clones with refs/pull/*/head (`git clone --mirror`). Mined cases go to
# $MINED (default /tmp/review-pr-mined; third-party code: never inside the repository); an
# existing $MINED is reused. The precision table reads bench/precision/judgements.tsv and the
# sample folders in $PRECISION_DIRS (colon-separated; bench/precision.sh writes them).
# MINE_SINCE (default 2025-06-01) and MINE_NEGATIVES (default 40) set what is mined.
set -euo pipefail
aiter=${1:?usage: accuracy.sh AITER_MIRROR ATOM_MIRROR}
atom=${2:?usage: accuracy.sh AITER_MIRROR ATOM_MIRROR}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVIEW_PR:-$here/build/review-pr}
shared=${SHARED:-$here/../shared}
mined=${MINED:-/tmp/review-pr-mined}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
repos=(--repo "ROCm/aiter=$aiter" --repo "ROCm/ATOM=$atom")

if [ ! -d "$mined" ]; then
  for spec in "ROCm/aiter=$aiter" "ROCm/ATOM=$atom"; do
    /usr/bin/time -f "mined ${spec%%=*} in %e s" "$bin" mine --repo "${spec#*=}" --name "${spec%%=*}" \
      --since "${MINE_SINCE:-2025-06-01}" --negatives "${MINE_NEGATIVES:-40}" \
      --reserved "$shared/reserved-prs.txt" --exclude-cases "$shared/corpus" -o "$mined"
  done
fi
"$bin" eval "$shared/corpus" "${repos[@]}" --format json -o "$out/dev.json"
"$bin" eval "$mined" "${repos[@]}" --format json -o "$out/mined.json"
IFS=: read -r -a dirs <<< "${PRECISION_DIRS:-}"
python3 "$here/bench/accuracy_tool.py" "$out/dev.json" "$out/mined.json" "$here/bench/labels/labels.tsv" \
  "$here/bench/precision/judgements.tsv" "$here/README.md" "${dirs[@]}"
echo "README.md: Accuracy section regenerated" >&2
