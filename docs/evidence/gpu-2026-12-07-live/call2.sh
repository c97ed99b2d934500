#!/usr/bin/env bash
# Call 2 of the 2026-12-07 (issue 52) GPU run: pinstripe-bench --only SPEC at
# 2160p, unscaled and resampled to 1920x1080 and 2560x1440 (bilinear, as a
# window), pipelined and one frame at a time (--one); none, a 33^3 table,
# camera=, a live cdl= before a camera; the compiled kernels against the
# built-in ones (PINSTRIPE_JIT=0) and against main before this work (-base,
# cdd3a44). Packed as call 1.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .packT/env.sh
cd .packT
sum() { echo "$*" | tee -a "$out/bench.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
lut="lut3d=file=teal-orange.cube"; cam="camera=slog3-cine"
cdl="cdl=slope=1.1/1/0.9:offset=0.01:power=0.95:sat=1.1,camera=clog3"
b() { timeout 60 ./pinstripe-bench --reps 3 "$@" 2>&1 | grep -E '^\| 2160p' || echo "($* failed)"; }
for r in 1 2; do
  for spec in none "$lut" "$cam" "$cdl"; do
    sum "r$r new $(b --only "$spec")"
    [ "$spec" = none ] || sum "r$r base $(timeout 60 ./pinstripe-bench-base --reps 3 --only "$spec" 2>&1 | grep -E '^\| 2160p')"
  done
  [ $r = 2 ] && break
  for sc in 1920x1080 2560x1440; do for one in "" --one; do for spec in none "$lut" "$cam" "$cdl"; do
    sum "r$r new $(b --only "$spec" --scale $sc $one)"
  done; sum "r$r builtin $(PINSTRIPE_JIT=0 b --only "$cam" --scale $sc $one)"; done; done
  for spec in none "$lut" "$cam" "$cdl"; do sum "r$r new $(b --only "$spec" --one)"; done
done
