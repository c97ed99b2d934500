#!/usr/bin/env bash
# Issue 27 on the GPU machine (after `source .pack/env.sh`): test_gpu (CPU =
# CUDA, --compare split included), test_live (the CUDA stage taking 200 gamma
# values in a row, each frame its own value's, tables bounded), --compare split
# CPU = CUDA on a 4K clip into -o rawvideo and shrunk to a 1152x648 view, and
# the scopes' counts CPU = CUDA, and pinstripe-bench (the stage with --compare
# and each scope against without). Logs into $OUT.
set -u
out=${OUT:-/tmp/gpu-grade}; mkdir -p "$out"
clip=${CLIP:-.pack/e2160.mp4}; lut=${LUT:-.pack/teal-orange.cube}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
for t in test_live test_gpu; do
  ( time $t ) >"$out/$t.log" 2>&1; echo "$t rc=$?" | tee -a "$out/summary.txt"; tail -3 "$out/$t.log"
done
for t in "eq=contrast=1.3:gamma=1.4,hue=degrees=30" "lut3d=file=$lut"; do
  for view in "" "--window-size 1152x648"; do
    for be in cpu cuda; do
      if [ -z "$view" ]; then
        pinstripe -q --backend $be --no-display --frames 12 -t "$t" --compare split=0.4 -o "$out/$be.nut" -c rawvideo "$clip" || echo "run $be failed"
      else
        pinstripe -q --backend $be --no-display $view --frames 12 --no-overlay -t "$t" --compare split=0.4 --debug-dump "$out/$be.nut" "$clip" || echo "run $be failed"
      fi
    done
    if cmp -s "$out/cpu.nut" "$out/cuda.nut"; then r=equal; else r=DIFFER; fi
    echo "cpu vs cuda, --compare split=0.4 -t ${t%%=*} ${view:-(-o rawvideo, 4K)}, 12 frames: $r ($(stat -c %s "$out/cuda.nut") bytes)" | tee -a "$out/summary.txt"
  done
done
# --scope: every scope's counts (--debug-scope) from the CUDA stage (counted on the
# GPU) equal the CPU stage's, at 4K into -o, shrunk to a view, and 16-bit out
for view in "" "--window-size 1152x648" "--out-depth 16"; do
  for be in cpu cuda; do
    if [ "${view#--window}" != "$view" ]; then to=(--no-overlay --debug-dump "$out/$be.nut"); else to=(-o "$out/$be.nut" -c rawvideo); fi
    pinstripe -q --backend $be --no-display $view --frames 8 -t "lut3d=file=$lut" --compare split=0.3 \
      --scope waveform,parade,vectorscope,histogram --debug-scope "$out/$be.scope" "${to[@]}" "$clip" ||
      echo "run $be failed"
  done
  if cmp -s "$out/cpu.scope" "$out/cuda.scope" && [ -s "$out/cpu.scope" ]; then r=equal; else r=DIFFER; fi
  echo "cpu vs cuda, every scope's counts ${view:-(4K -o)}, 8 frames: $r ($(wc -l <"$out/cuda.scope") lines)" | tee -a "$out/summary.txt"
done
rm -f "$out/cpu.nut" "$out/cuda.nut" "$out/cpu.scope" "$out/cuda.scope"
# --gpu (issue 28): device 0 works; one past the last: one line naming them, exit 3
pinstripe -q --backend cuda --gpu 0 --no-display --frames 30 -o "$out/g0.nut" -c rawvideo "$clip"; echo "--gpu 0: exit $?" | tee -a "$out/summary.txt"
pinstripe -q --backend cuda --gpu 7 --no-display --frames 30 -o "$out/g7.nut" "$clip" 2>"$out/gpu7.err"
echo "--gpu 7: exit $? ($(cat "$out/gpu7.err"))" | tee -a "$out/summary.txt"
rm -f "$out/g0.nut" "$out/g7.nut"
if [ "${SKIP_BENCH:-0}" = 0 ]; then
  pinstripe-bench --reps ${REPS:-5} ${BENCH_ARGS:-} >"$out/bench.txt" 2>&1; echo "bench rc=$?" | tee -a "$out/summary.txt"
  grep -E "compare|scope|lut3d 33³ *\|" "$out/bench.txt"
fi
