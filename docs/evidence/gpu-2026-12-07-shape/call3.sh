#!/usr/bin/env bash
# Call 3: the curves' ends by value too (every pixel reads them at one place):
# test_gpu again (CPU = CUDA), then the camera and live-CDL rows against
# a1a9194 (values compiled in as constants), as call 2 has them.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .packT/env.sh
cd .packT
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
lut="lut3d=file=teal-orange.cube"; cam="camera=slog3-cine"
cdl="cdl=slope=1.1/1/0.9:offset=0.01:power=0.95:sat=1.1,camera=clog3"
b() {
  timeout 60 "$@" -v > "$out/one.txt" 2>&1
  echo "$(grep -E '^\| 2160p' "$out/one.txt") kernel $(grep -oE 'kernel [0-9.]+' "$out/one.txt" | tail -1)"
}
for spec in "$lut" "$cam" "$cdl"; do for one in "" --one; do
  sum "new $(b ./pinstripe-bench --reps 3 --only "$spec" $one)"
  sum "old $(b ./pinstripe-bench-old --reps 3 --only "$spec" $one)"
done; done
for spec in "$cam"; do for one in "" --one; do
  sum "new $(b ./pinstripe-bench --reps 3 --only "$spec" --scale 1920x1080 $one)"
  sum "old $(b ./pinstripe-bench-old --reps 3 --only "$spec" --scale 1920x1080 $one)"
done; done
( time timeout 290 ./test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$? $(tail -5 "$out/test_gpu.log" | tr '\n' ' ')"
