#!/usr/bin/env bash
# Issues 42 and 43 on the GPU machine (run from the checkout with .pack/ carried), in
# order of what matters most, within one call: test_gpu (CPU = CUDA, with issue 43's
# OpenColorIO steps), test_live, the scopes' counts CPU = CUDA on 45 4K frames,
# pinstripe-bench --grade of the build before the move (pinstripe-bench-old, b2a8e2c)
# and of this one, alternating (the 2160p lut3d stage), pinstripe-bench --ocio
# (camera=slog3-cine against lut3d 33³), gpu-e2e.sh equal (decode paths and NVDEC
# = CPU), test_ocio (the programs against OCIO's CPU processor, on this CPU).
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
for t in test_gpu test_live; do
  ( time timeout 120 $t ) >"$out/$t.log" 2>&1; echo "$t rc=$?" | tee -a "$out/summary.txt"; tail -4 "$out/$t.log"
done
for be in cpu cuda; do
  pinstripe -q --backend $be --no-display --frames 45 -t lut3d=file=assets/luts/teal-orange.cube --scope waveform,parade,vectorscope,histogram --debug-scope "$out/$be.scope" -o "$out/$be.nut" -c rawvideo .pack/e2160.mp4 || echo "run $be failed"
done
cmp "$out/cpu.scope" "$out/cuda.scope" && echo "scopes, 45 frames 4K: counts CPU = CUDA ($(wc -l < "$out/cuda.scope") lines)" | tee -a "$out/summary.txt"
cmp "$out/cpu.nut" "$out/cuda.nut" && echo "scopes run, 45 frames 4K: frames CPU = CUDA" | tee -a "$out/summary.txt"
for cam in slog3-cine "logc3:range=legal"; do
  for be in cpu cuda; do
    pinstripe -q --backend $be --no-display --frames 20 -t camera=$cam -o "$out/$be.nut" -c rawvideo .pack/e2160.mp4 || echo "run $be failed"
  done
  cmp "$out/cpu.nut" "$out/cuda.nut" && echo "camera=$cam, 20 frames 4K through the player: CPU = CUDA" | tee -a "$out/summary.txt"
  pinstripe -q --backend cuda --hwdec cuda --no-display --frames 20 -t camera=$cam -o "$out/hw.nut" -c rawvideo .pack/e2160.mp4 &&
    cmp "$out/cpu.nut" "$out/hw.nut" && echo "camera=$cam, --hwdec cuda (NVDEC): = CPU" | tee -a "$out/summary.txt"
done
rm -f "$out"/*.nut "$out"/*.scope
for r in 1; do
  for b in pinstripe-bench-old pinstripe-bench; do
    echo "-- round $r $b"; $b --reps 3 --grade 2>&1 | grep -E 'lut3d 33'
  done
done 2>&1 | tee "$out/bench.txt"
for i in 1; do pinstripe-bench --reps 3 --ocio 2>&1 | grep -E 'camera|for camera'; done | tee "$out/bench-ocio.txt"
OUT=$out/e2e timeout 90 bash tools/gpu-e2e.sh equal >"$out/e2e.log" 2>&1; echo "gpu-e2e.sh equal rc=$?" | tee -a "$out/summary.txt"
grep -E 'DIFFER|=' "$out/e2e.log" | head -20
( time timeout 30 test_ocio ) >"$out/test_ocio.log" 2>&1; echo "test_ocio rc=$?" | tee -a "$out/summary.txt"; tail -12 "$out/test_ocio.log"
