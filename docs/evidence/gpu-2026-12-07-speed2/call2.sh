#!/usr/bin/env bash
# Call 2: the stage with this session's kernel (pinstripe-bench-cur: the pair's
# pixels out of local memory, curve records with their ends, segments found by
# halving) against 8b85ae5's (pinstripe-bench-lb1) and against the same with
# explicit FMA in the shared maths (pinstripe-bench-fma: -DCM_FMA in the
# kernel only, timing alone: its bytes are not the CPU's); test_gpu on the
# current build (CPU = CUDA with the new curve records and search); Nsight
# Compute's per-instruction counts on the FMA variant (-lineinfo).
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
sum() { echo "$*" | tee -a "$out/summary.txt"; }
python3 -c "
n=33; f=open('/tmp/b33.cube','w'); f.write('LUT_3D_SIZE 33\\n')
s=lambda x: x*x*(3-2*x)
for b in range(n):
  for g in range(n):
    for r in range(n): f.write('%.6f %.6f %.6f\\n' % (s(r/32), s(g/32), s(b/32)))"
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
round() {
  for b in pinstripe-bench-lb1 pinstripe-bench-cur pinstripe-bench-fma; do
    sum "round $1 $b $(timeout 40 $b --reps 3 --only camera=slog3-cine 2>&1 | grep 2160p)"
  done
  sum "round $1 lut3d $(timeout 40 pinstripe-bench-cur --reps 3 --only lut3d=file=/tmp/b33.cube 2>&1 | grep 2160p)"
}
round 1
( time timeout 200 stdbuf -oL test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; tail -3 "$out/test_gpu.log"
timeout 120 ncu --clock-control none -k regex:colour_.*kernel --launch-skip 12 --launch-count 1 \
  --section SpeedOfLight --section LaunchStats --section Occupancy --section InstructionStats \
  --section SchedulerStats --section WarpStateStats --section SourceCounters -o "$out/fma" \
  pinstripe-bench-fma --reps 1 --frames 4 --only camera=slog3-cine >"$out/ncu.log" 2>&1
sum "ncu rc=$?"
ncu --import "$out/fma.ncu-rep" --page source --csv --print-source sass >"$out/sass.csv" 2>&1
ncu --import "$out/fma.ncu-rep" --page details >"$out/details.txt" 2>&1
rm -f "$out/fma.ncu-rep"
round 2
