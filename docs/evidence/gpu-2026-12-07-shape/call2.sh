#!/usr/bin/env bash
# Call 2 of the 2026-12-07 evening (issue 52 items 2, 3) GPU run:
# pinstripe-bench --only SPEC at 2160p (-v: the kernel's own time from the
# stage's events, summed over the three stripes), unscaled and resampled to
# 1920x1080 (bilinear, as a window), pipelined and one frame at a time (--one):
# none, a 33^3 table, camera=, a live cdl= before a camera; this build against
# the one before it (-old, a1a9194: values compiled in as constants).
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .packT/env.sh
cd .packT
sum() { echo "$*" | tee -a "$out/bench.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
lut="lut3d=file=teal-orange.cube"; cam="camera=slog3-cine"
cdl="cdl=slope=1.1/1/0.9:offset=0.01:power=0.95:sat=1.1,camera=clog3"
b() { # binary, args: the row and the kernel's time
  timeout 60 "$@" -v > "$out/one.txt" 2>&1
  echo "$(grep -E '^\| 2160p' "$out/one.txt") kernel $(grep -oE 'kernel [0-9.]+' "$out/one.txt" | tail -1)"
}
for r in 1; do
  for spec in none "$lut" "$cam" "$cdl"; do for one in "" --one; do
    sum "r$r new $(b ./pinstripe-bench --reps 3 --only "$spec" $one)"
    sum "r$r old $(b ./pinstripe-bench-old --reps 3 --only "$spec" $one)"
  done; done
  for spec in none "$lut" "$cam" "$cdl"; do for one in "" --one; do
    sum "r$r new $(b ./pinstripe-bench --reps 3 --only "$spec" --scale 1920x1080 $one)"
    sum "r$r old $(b ./pinstripe-bench-old --reps 3 --only "$spec" --scale 1920x1080 $one)"
  done; done
done
