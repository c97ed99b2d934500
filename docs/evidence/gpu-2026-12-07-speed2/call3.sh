#!/usr/bin/env bash
# Call 3: the pair kernel compiled at run time for the chain's program (gpu/jit.c,
# NVRTC) against the built-in one (PINSTRIPE_JIT=0), the 2160p stage; the bytes
# of camera= through the compiled kernel against the CPU's (3 frames, 1 and 3
# stripes, and NVDEC); Nsight Compute on the compiled kernel.
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
  sum "round $1 builtin $(PINSTRIPE_JIT=0 timeout 60 pinstripe-bench --reps 3 --only camera=slog3-cine 2>&1 | grep 2160p)"
  sum "round $1 jit $(timeout 90 pinstripe-bench --reps 3 --only camera=slog3-cine 2>&1 | grep 2160p)"
  sum "round $1 lut3d $(timeout 40 pinstripe-bench --reps 3 --only lut3d=file=/tmp/b33.cube 2>&1 | grep 2160p)"
}
round 1
clip=.pack/log2160s.mkv
for t in camera=slog3-cine camera=vlog:range=legal:mix=0.6,cdl=slope=1.1/1/0.9:sat=1.2; do
  timeout 60 pinstripe -q --backend cpu --no-display --frames 3 -t $t -o "$out/cpu.nut" -c rawvideo $clip
  for v in "--stripes 1" "--stripes 3" "--hwdec cuda"; do
    /usr/bin/time -f "%e s" -o "$out/t.txt" timeout 60 pinstripe -q --backend cuda $v --no-display --frames 3 -t $t -o "$out/gpu.nut" -c rawvideo $clip
    cmp -s "$out/cpu.nut" "$out/gpu.nut" && r="= CPU" || r="DIFFERS"
    sum "$t $v: $r ($(cat "$out/t.txt"))"
  done
done
rm -f "$out"/*.nut
timeout 150 ncu --clock-control none -k regex:colour_jit_kernel --launch-skip 12 --launch-count 1 \
  --section SpeedOfLight --section LaunchStats --section Occupancy --section InstructionStats \
  --section SchedulerStats --section SourceCounters -o "$out/jit" \
  pinstripe-bench --reps 1 --frames 4 --only camera=slog3-cine >"$out/ncu.log" 2>&1
sum "ncu rc=$?"
ncu --import "$out/jit.ncu-rep" --page source --csv --print-source sass >"$out/sass.csv" 2>&1
ncu --import "$out/jit.ncu-rep" --page details >"$out/details.txt" 2>&1
rm -f "$out/jit.ncu-rep"
round 2
