#!/usr/bin/env bash
# call.sh test: test_gpu (CPU = CUDA: the kernels compiled for their layout,
#   output and steps; the pair path for every pixel) and test_soak.
# call.sh bench [ROUNDS]: pinstripe-bench --only rows (2160p yuv420p in, medians
#   of 3), this build against the one before it (pinstripe-bench-prev, aabf8b6),
#   interleaved: unscaled, scaled to 1080p and 1440p, one frame at a time, and
#   the live CDL before a camera; each row with its kernel time (-v: summed
#   over the stripes, events).
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .packT/env.sh
cd .packT
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
if [ "${1:-}" = test ] || [ "${1:-}" = all ]; then
  ( time timeout 330 ./test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$? $(tail -4 "$out/test_gpu.log" | tr '\n' ' ')"
  [ "${1:-}" = all ] || { ( PINSTRIPE_SOAK=200 timeout 120 ./test_soak ) >"$out/test_soak.log" 2>&1
    sum "test_soak rc=$? $(tail -2 "$out/test_soak.log" | tr '\n' ' ')"; exit 0; }
fi
# (all: then one round of the rows, each run at most 12 s)
cam="camera=slog3-cine"
cdl="cdl=slope=1.1/1/0.9:offset=0.01:power=0.95:sat=1.1,camera=clog3"
lut="lut3d=file=teal-orange.cube"
row() { grep -E '^\| 2160p' "$1" | tr -s ' ' | cut -d'|' -f2-4 | tr '\n' ' '; grep -oE 'kernel [0-9.]+' "$1" | tail -1; }
[ "${1:-}" = all ] && T=12
for r in $(seq "${2:-$([ "${1:-}" = all ] && echo 1 || echo 2)}"); do
  for spec in "none" "$lut" "$cam" "$cdl" "none --scale 1920x1080" "$lut --scale 1920x1080" "$cam --scale 1920x1080" \
              "none --scale 2560x1440" "$cam --scale 2560x1440" "none --one" "$cam --one" "none --scale 1920x1080 --one" \
              "$cam --scale 1920x1080 --one"; do
    for b in ./pinstripe-bench ./pinstripe-bench-prev; do
      # shellcheck disable=SC2086
      timeout "${T:-60}" $b --reps 3 --only $spec -v > "$out/one.txt" 2>&1
      sum "$r $b $spec: $(row "$out/one.txt" | tr '\n' ' ')"
    done
  done
done
