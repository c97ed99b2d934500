#!/usr/bin/env bash
# temporary: issue 27's GPU check (not committed)
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
SKIP_BENCH=1 OUT=$out/grade bash tools/gpu-grade.sh > "$out/grade.txt" 2>&1
cat "$out/grade/summary.txt" 2>/dev/null
for be in cpu cuda; do
  pinstripe -q --backend $be --no-display --frames 90 -t lut3d=file=.pack/teal-orange.cube --scope waveform,parade,vectorscope,histogram --debug-scope "$out/$be.scope" -o "$out/$be.nut" -c rawvideo .pack/e2160.mp4 || echo "run $be failed"
done
cmp "$out/cpu.scope" "$out/cuda.scope" && echo "90 frames 4K: counts equal ($(wc -l < "$out/cuda.scope") lines)"
cmp "$out/cpu.nut" "$out/cuda.nut" && echo "90 frames 4K: frames equal"
rm -f "$out"/*.nut "$out"/*.scope
for i in 1 2; do
  pinstripe-bench --reps 3 --grade 2>&1 | grep -E "lut3d 33" | cut -c1-110
done 2>&1 | tee "$out/bench.txt"
