#!/usr/bin/env bash
set -u
for v in 32768 1000000000 131072 1000000000; do
  echo "== PS_COLPIX=$v"
  PS_COLPIX=$v pinstripe-bench --reps 3 --grade 2>&1 | grep -E "lut3d 33" | cut -c1-110
done
