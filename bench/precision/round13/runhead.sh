#!/usr/bin/env bash
set -u
bin=/work/tmp/prc11/review-pr-head
for d in s1/aiter s1/ATOM s1/b/aiter s1/b/ATOM s2/aiter s2/ATOM s2/b/aiter s2/b/ATOM; do
  case $d in *aiter) m=/work/.mirror/ROCm+aiter/repo;; *) m=/work/.mirror/ROCm+ATOM/repo;; esac
  nice -n 5 $bin batch --repo $m --commits $d/heads.txt -j1 -q --timeout 300 -o $d/head.jsonl --summary $d/head.sum || true
done
echo done
