#!/usr/bin/env bash
# Issue 42 on the GPU machine, after the move of gpu/ into colour/ stage/ cpu/ scope/ gpu/
# (run from the checkout with .pack/ carried): test_gpu (with issue 43's OpenColorIO
# steps: CPU = CUDA), gpu-e2e.sh equal, the grading checks with the scopes' counts
# CPU = CUDA, test_ocio (the programs against OCIO's CPU processor, on this machine's
# CPU), then pinstripe-bench of the build before the move (pinstripe-bench-old,
# b2a8e2c) and of this one, alternating, in the same call.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
OUT=$out/e2e bash tools/gpu-e2e.sh equal >"$out/e2e.log" 2>&1; echo "gpu-e2e.sh equal rc=$?" | tee -a "$out/summary.txt"
grep -E 'DIFFER|=|nvdec|NVDEC' "$out/e2e.log" | head -30
SKIP_BENCH=1 OUT=$out/grade CLIP=.pack/e2160.mp4 LUT=assets/luts/teal-orange.cube bash tools/gpu-grade.sh >"$out/grade.log" 2>&1
cat "$out/grade/summary.txt" | tee -a "$out/summary.txt"
for be in cpu cuda; do
  pinstripe -q --backend $be --no-display --frames 45 -t lut3d=file=assets/luts/teal-orange.cube --scope waveform,parade,vectorscope,histogram --debug-scope "$out/$be.scope" -o "$out/$be.nut" -c rawvideo .pack/e2160.mp4 || echo "run $be failed"
done
cmp "$out/cpu.scope" "$out/cuda.scope" && echo "scopes, 45 frames 4K: counts CPU = CUDA ($(wc -l < "$out/cuda.scope") lines)" | tee -a "$out/summary.txt"
cmp "$out/cpu.nut" "$out/cuda.nut" && echo "scopes run, 90 frames 4K: frames CPU = CUDA" | tee -a "$out/summary.txt"
rm -f "$out"/*.nut "$out"/*.scope
( time test_ocio ) >"$out/test_ocio.log" 2>&1; echo "test_ocio rc=$?" | tee -a "$out/summary.txt"; tail -12 "$out/test_ocio.log"
for r in 1 2 3; do
  for b in pinstripe-bench-old pinstripe-bench; do
    echo "-- round $r $b"; $b --reps 3 2>&1
  done
done >"$out/bench.txt" 2>&1
grep -E '^-- |lut3d 33|none' "$out/bench.txt" | head -60
for i in 1 2; do pinstripe-bench --reps 3 --ocio 2>&1 | grep -E 'camera|for camera'; done | tee "$out/bench-ocio.txt"
