#!/usr/bin/env bash
# Where camera='s 2160p stage time goes (issue 43's speed target), and the p010
# fix on the GPU: test_gpu (CPU = CUDA), camera= through NVDEC = CPU, the stage
# timed before (pinstripe-bench-base: the program a call) and with the pair
# kernel (pinstripe-bench: two pixels a thread through the chain together), the
# whole pipeline with NVDEC (pinstripe-e2e), and Nsight Compute on one launch of
# the pair kernel, its source view and SASS. (No machine started for it: min.sh
# ran instead; the next session can run it as it is, with a fresh .pack.)
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
  for b in pinstripe-bench-base pinstripe-bench; do
    sum "round $1 $b $(timeout 40 $b --reps 3 --only camera=slog3-cine 2>&1 | grep 2160p)"
  done
  sum "round $1 pinstripe-bench $(timeout 40 pinstripe-bench --reps 3 --only lut3d=file=/tmp/b33.cube 2>&1 | grep 2160p)"
}
round 1
( time timeout 200 stdbuf -oL test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; tail -3 "$out/test_gpu.log"
clip=.pack/log2160.mkv t=camera=slog3-cine,cdl=slope=1.1/1/0.9:sat=1.2
timeout 30 pinstripe -q --backend cpu --no-display --frames 4 -t $t -o "$out/cpu.nut" -c rawvideo $clip
timeout 30 pinstripe -q --backend cuda --hwdec cuda --no-display --frames 4 -t $t -o "$out/hw.nut" -c rawvideo $clip &&
  cmp -s "$out/cpu.nut" "$out/hw.nut" && sum "$t --hwdec cuda (NVDEC): = CPU" || sum "$t: NVDEC DIFFERS"
rm -f "$out"/*.nut
round 2
# the whole pipeline with NVDEC against decoding alone (issue 43: ≥ 0.95×)
for t in camera=slog3-cine; do
  timeout 100 pinstripe-e2e --reps 3 --hwdec cuda .pack/log2160.mkv --backend cuda -t $t >"$out/e2e-${t%%=*}.txt" 2>&1
  sum "e2e $t rc=$? $(tail -2 "$out/e2e-${t%%=*}.txt" | tr '\n' ' ')"
done
for b in pinstripe-bench; do
  timeout 100 ncu --clock-control none -k regex:colour_.*kernel --launch-skip 12 --launch-count 1 \
    --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats \
    --section InstructionStats --section ComputeWorkloadAnalysis --section SchedulerStats \
    --section SourceCounters -o "$out/$b" $b --reps 1 --frames 8 --only camera=slog3-cine >"$out/ncu-$b.log" 2>&1
  sum "ncu $b rc=$?"
  ncu --import "$out/$b.ncu-rep" --page details >"$out/details-$b.txt" 2>&1
  ncu --import "$out/$b.ncu-rep" --page source --csv --print-source sass >"$out/sass-$b.csv" 2>&1
done
cuobjdump --dump-sass --function _Z13colour_kernelILb1EEv10KernelArgs .pack/pinstripe-bench 2>/dev/null | head -c 3000000 >"$out/colour_kernel.sass" || true
