#!/usr/bin/env bash
source .pack/env.sh
git log -1 --format=%h 2>/dev/null
OUT=$OUT/grade SKIP_BENCH=1 timeout 330 bash tools/gpu-grade.sh 2>&1 | grep -E "rc=|cpu vs|gpu|H100|H200"
for k in 1 2; do
  echo "== final random $k"; pinstripe-bench --reps 3 --grade 2>&1 | grep -E "lut3d"
  [ $k = 1 ] && { echo "== final gradients"; pinstripe-bench --reps 3 --grade --picture gradients 2>&1 | grep -E "lut3d"; }
  [ $k = 1 ] && { echo "== measurement build: no host unpack, random"; PS_NOUNPACK=1 pinstripe-bench-exp --reps 3 --grade 2>&1 | grep -E "lut3d"; }
done
