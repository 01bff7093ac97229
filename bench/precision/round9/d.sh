#!/bin/bash
# d.sh REPO NUM FILE [context]: diff of FILE in PR NUM
cd /work/tmp/jdg11; G="git --git-dir=/work/.mirror/ROCm+$1/repo"; L=$(grep -E "^$2 " $1.nums | cut -d' ' -f2); H=${L#*...}; B=${L%...*}
$G diff -U${4:-3} $B $H -- $3
