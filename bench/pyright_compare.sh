#!/usr/bin/env bash
# The peer a user would pick instead of review-pr for crash defects: pyright (basic mode) on the
# changed Python files of each mined case, with the head tree around them. Keeps pyright's
# errors on added lines in three categories — undefined name (reportUndefinedVariable), unknown
# attribute (reportAttributeAccessIssue), wrong call (reportCallIssue, reportArgumentType) —
# and records which expected defect locations (±5 lines, same file) they reach, per split,
# with pyright's error count and time per PR. Given a review-pr eval JSON of the same cases,
# it prints both side by side and lists the locations pyright reaches that review-pr misses.
#
#   bench/pyright_compare.sh MINED_DIR OUT.json [--split tune|validate] [--cases id,id]
#                            [--review-pr EVAL.json] [--review-pr-seconds S] [--expected-files] [--sample N]
#
# PYRIGHT: the pyright CLI, installed outside this repository, e.g.
#   npm install --prefix /work/tools pyright && export PYRIGHT=/work/tools/node_modules/.bin/pyright
# REPOS: OWNER/NAME=MIRROR pairs, space-separated (default: the two mirrors under /work/.mirror).
# Head trees are extracted with `git archive` into a temporary folder (never into a mirror);
# PR code is only read by pyright, never executed. --review-pr-seconds: review-pr's wall time
# for the whole eval run, divided by its case count for the per-PR time.
set -euo pipefail
pyright=${PYRIGHT:?set PYRIGHT to the pyright CLI (npm install --prefix /work/tools pyright; PYRIGHT=/work/tools/node_modules/.bin/pyright)}
[ -x "$pyright" ] || { echo "pyright_compare: PYRIGHT=$pyright is not executable" >&2; exit 2; }
mined=${1:?usage: pyright_compare.sh MINED_DIR OUT.json [--split S] [--cases ids] [--review-pr EVAL.json]}
out=${2:?usage: pyright_compare.sh MINED_DIR OUT.json [--split S] [--cases ids] [--review-pr EVAL.json]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
export PYRIGHT="$pyright"
export REPOS="${REPOS:-ROCm/aiter=/work/.mirror/ROCm+aiter/repo ROCm/ATOM=/work/.mirror/ROCm+ATOM/repo}"
exec python3 "$here/pyright_compare.py" "$mined" "$out" "$@"
