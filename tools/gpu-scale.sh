#!/usr/bin/env bash
# Issue 26 on the GPU machine (after `source .pack/env.sh`): test_gpu, CPU =
# CUDA on a 4K clip shrunk to a 1152x648 view, and the stage's time and bytes at
# the view's size against the video's, in linear light (the default) and in the
# signal (--scale-linear no). Logs into $OUT. REPS runs each.
set -u
out=${OUT:-/tmp/gpu-scale}; mkdir -p "$out"
clip=${CLIP:-.pack/e2160.mp4}; reps=${REPS:-5}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
if [ "${SKIP_UNIT:-0}" = 0 ]; then
  ( time test_gpu ) >"$out/test_gpu.log" 2>&1; echo "test_gpu rc=$?" | tee -a "$out/summary.txt"
  tail -3 "$out/test_gpu.log"
fi
for t in $( [ "${SKIP_EQ:-0}" = 0 ] && echo none sepia); do
  for f in bicubic lanczos bilinear; do
   for lin in yes no; do
    for be in cpu cuda; do
      pinstripe -q --backend $be --no-display --window-size 1152x648 --scale $f --scale-linear $lin \
        -t $t --frames 12 --no-overlay --debug-dump "$out/$be.ppm" "$clip" || echo "run $be failed"
    done
    if cmp -s "$out/cpu.ppm" "$out/cuda.ppm"; then r=equal; else r=DIFFER; fi
    echo "cpu vs cuda, -t $t --scale $f --scale-linear $lin, 12 frames 3840x2160 -> 1152x648: $r ($(stat -c %s "$out/cuda.ppm") bytes)" | tee -a "$out/summary.txt"
   done
  done
done
rm -f "$out/cpu.ppm" "$out/cuda.ppm"
mkdir -p /tmp/gs
for hw in none cuda; do
  for rep in $(seq "$reps"); do
    for mode in full view signal; do
      opt="--scale none"; [ $mode = view ] && opt="--window-size 1152x648"
      [ $mode = signal ] && opt="--window-size 1152x648 --scale-linear no"
      pinstripe -q --backend cuda --hwdec $hw --no-display $opt --frames 360 --loop 4 \
        --stats "/tmp/gs/$mode-$hw-$rep.json" "$clip" 2>>"$out/runs.err" || echo "run failed: $mode $hw $rep"
    done
  done
done
python3 - /tmp/gs "$reps" <<'PY' | tee -a "$out/summary.txt"
import json, sys, statistics as st
d, reps = sys.argv[1], int(sys.argv[2])
for hw in ("none", "cuda"):
    for mode in ("full", "view", "signal"):
        rows = []
        for r in range(1, reps + 1):
            j = json.load(open(f"{d}/{mode}-{hw}-{r}.json"))
            fr = j["frames"][10:]
            timed = [f for f in fr if (f["kernel_ms"] or 0) > 0]
            rows.append((st.median(f["stage_ms"] for f in fr), st.median(f["download_ms"] for f in timed),
                         st.median(f["kernel_ms"] for f in timed), st.median(f["upload_ms"] for f in timed),
                         j.get("summary", {}).get("fps", float("nan")), fr[-1]["width"], fr[-1]["height"]))
        m = [st.median(x[i] for x in rows) for i in range(5)]
        w, h = rows[0][5], rows[0][6]
        print(f"--hwdec {hw} {mode:6s} {w}x{h}: stage {m[0]:.3f} ms, download {m[1]:.3f} ms, kernel {m[2]:.3f} ms, "
              f"upload {m[3]:.3f} ms (sums over stripes), fps {m[4]:.1f}; D2H {3*w*h/1e6:.2f} MB a frame; "
              f"runs' stage medians {[round(x[0],3) for x in rows]}")
PY
