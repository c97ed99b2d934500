#!/usr/bin/env bash
# call1.sh prof: where the compiled kernel's time goes. ncu (clocks left alone)
#   on pinstripe-bench's 2160p stage: camera= unscaled (the BGR kernel), camera=
#   scaled to 1080p (the resampler's horizontal pass) and the live CDL before
#   camera=clog3; the bench rows; this build against 8499836 (before the CDL
#   in the compiled kernel and the resampler's odd pixel as a call); the kernel
#   keyed on shape against PINSTRIPE_JIT_EXACT=1; the SASS of cubins made here.
# call1.sh gpu: test_gpu (CPU = CUDA) with the shape's kernels (and, with EXACT=1
#   set, with the exact ones), and test_soak.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .packT/env.sh
cd .packT
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
cam="camera=slog3-cine"
cdl="cdl=slope=1.1/1/0.9:offset=0.01:power=0.95:sat=1.1,camera=clog3"
row() { grep -E '^\| 2160p' "$out/one.txt" | tr -s ' '; grep -oE 'kernel [0-9.]+' "$out/one.txt" | tail -1; }
if [ "${1:-}" = gpu ]; then
  ( time timeout 290 ./test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$? $(tail -4 "$out/test_gpu.log" | tr '\n' ' ')"
  [ -n "${EXACT:-}" ] && { ( time PINSTRIPE_JIT_EXACT=1 timeout 290 ./test_gpu ) >"$out/test_gpu_exact.log" 2>&1
    sum "test_gpu EXACT rc=$? $(tail -4 "$out/test_gpu_exact.log" | tr '\n' ' ')"; }
  ( PINSTRIPE_SOAK=200 timeout 100 ./test_soak ) >"$out/test_soak.log" 2>&1; sum "test_soak rc=$? $(tail -2 "$out/test_soak.log" | tr '\n' ' ')"
  exit 0
fi
for c in cubin/*.cubin; do
  nvdisasm -c "$c" > "$out/$(basename "$c").sass" 2>&1
  sum "$(basename "$c"): $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' "$out/$(basename "$c").sass") instructions"
done
k='regex:colour_jit_kernel|scale_h_kernel|colour_kernel|scale_v_kernel'
secs="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section InstructionStats --section SchedulerStats --section ComputeWorkloadAnalysis"
n=0
for args in "$cam" "$cam --scale 1920x1080" "$cdl"; do
  n=$((n+1))
  timeout 100 ncu --clock-control none -k "$k" --launch-skip 40 --launch-count 3 $secs \
    ./pinstripe-bench --reps 1 --frames 12 --only $args > "$out/ncu$n.txt" 2>&1
  sum "ncu$n ($args) rc=$?"
done
for r in 1 2; do for spec in "$cam" "$cdl" "$cam --scale 1920x1080" "lut3d=file=teal-orange.cube" "none --scale 1920x1080"; do
  bs="./pinstripe-bench ./pinstripe-bench-old exact"
  case "$spec" in lut3d*|none*) bs=./pinstripe-bench ;; esac
  for b in $bs; do
    if [ $b = exact ]; then PINSTRIPE_JIT_EXACT=1 timeout 60 ./pinstripe-bench --reps 3 --only $spec -v > "$out/one.txt" 2>&1
    else timeout 60 $b --reps 3 --only $spec -v > "$out/one.txt" 2>&1; fi
    sum "$r $b $spec: $(row | tr '\n' ' ')"
  done
done; done
