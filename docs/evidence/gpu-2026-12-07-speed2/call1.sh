#!/usr/bin/env bash
# Call 1 of the 2026-12-07 (third session) GPU run: where the camera= pair
# kernel's instructions go (Nsight Compute's per-SASS-instruction counts on a
# -lineinfo build), the stage with __launch_bounds__(256, 3)
# against none, then test_gpu and compute-sanitizer on the build since the
# last run (cm_atan2f's prescale, the template tidy). Each result line also in
# $OUT/summary.txt as it comes; the most wanted first.
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
  for b in pinstripe-bench-lb1 pinstripe-bench-lb3; do
    sum "round $1 $b $(timeout 40 $b --reps 3 --only camera=slog3-cine 2>&1 | grep 2160p)"
  done
  sum "round $1 lut3d $(timeout 40 pinstripe-bench-lb1 --reps 3 --only lut3d=file=/tmp/b33.cube 2>&1 | grep 2160p)"
}
round 1
timeout 120 ncu --clock-control none -k regex:colour_.*kernel --launch-skip 12 --launch-count 1 \
  --section SpeedOfLight --section LaunchStats --section Occupancy --section InstructionStats \
  --section SchedulerStats --section SourceCounters --import-source yes -o "$out/li" \
  pinstripe-bench-li --reps 1 --frames 4 --only camera=slog3-cine >"$out/ncu.log" 2>&1
sum "ncu rc=$?"
ncu --import "$out/li.ncu-rep" --page source --csv --print-source sass >"$out/sass.csv" 2>&1
ncu --import "$out/li.ncu-rep" --page source --csv --print-source cuda >"$out/cuda.csv" 2>&1
sum "sass.csv $(wc -l <"$out/sass.csv") lines, cuda.csv $(wc -l <"$out/cuda.csv") lines"
rm -f "$out/li.ncu-rep"
( time timeout 200 stdbuf -oL test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; tail -3 "$out/test_gpu.log"
round 2
for tool in memcheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 pinstripe -q --backend cuda --no-display \
    --frames 2 -t camera=slog3-cine -o "$out/san.nut" -c rawvideo .pack/log2160s.mkv >"$out/san.txt" 2>&1
  rc=$?; sum "compute-sanitizer $tool: rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san.txt" | head -1)"
done
rm -f "$out/san.nut"
