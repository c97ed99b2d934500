#!/usr/bin/env bash
# Runs on the GPU machine (see ../shared/device/README.md): the GPU equality
# test, the CUDA/CPU/pageable equality of the binary's output, compute-sanitizer,
# pinned and pageable traces, and pinstripe-bench (rebuilt there, so that NPP
# is found). Expects .pack/ made by:
#   tools/build.sh build-dev -DPINSTRIPE_HEADLESS=ON -DPINSTRIPE_AVDEVICE=OFF -DCMAKE_CUDA_ARCHITECTURES="75;90"
#   tools/build.sh build-gpu -DCMAKE_CUDA_ARCHITECTURES="75;90"
#   ../shared/device/pack.sh .pack build-dev/pinstripe build-gpu/pinstripe-bench \
#       build-gpu/tests/test_gpu CLIP_1080P.mp4 ODD_HEIGHT.mkv [live720.mp4]
# live720.mp4 (a 720p30 testsrc2 clip of 300 frames or more) adds the live
# capture-to-display latency runs of BENCHMARKS.md, CUDA and CPU.
# Logs go to $OUT (or ./gpu-out).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; tmp=$(mktemp -d)
log() { echo "== $*"; }
status=0
nvidia-smi -L

log "test_gpu"
"$pk/test_gpu" 2>&1 | tail -n 5 | tee "$out/test_gpu.txt"; [ "${PIPESTATUS[0]}" = 0 ] || status=1
echo "with two stream sets and six frames in flight:" | tee -a "$out/test_gpu.txt"
PINSTRIPE_CUDA_SETS=2 PINSTRIPE_CUDA_DEPTH=6 "$pk/test_gpu" 2>&1 | tail -n 5 | tee -a "$out/test_gpu.txt"
[ "${PIPESTATUS[0]}" = 0 ] || status=1

log "binary: CUDA vs CPU vs pageable, odd height"
for t in none gray invert sepia "eq=contrast=1.2:saturation=1.3:gamma=1.2,hue=degrees=20,lut3d=file=$top/assets/luts/teal-orange.cube" \
         "lut3d=file=$top/assets/luts/warm-film.cube:interp=trilinear,lut1d=file=$top/assets/luts/s-curve.cube"; do
  for s in 1 3 8; do
    "$pk/pinstripe" -q --backend cpu --no-display -t "$t" --stripes $s -c rawvideo -o "$tmp/cpu.nut" "$pk/odd.mkv" &&
    "$pk/pinstripe" -q --backend cuda --no-display -t "$t" --stripes $s -c rawvideo -o "$tmp/cuda.nut" "$pk/odd.mkv" &&
    "$pk/pinstripe" -q --backend cuda --pageable --no-display -t "$t" --stripes $s -c rawvideo -o "$tmp/pg.nut" "$pk/odd.mkv" &&
    cmp "$tmp/cpu.nut" "$tmp/cuda.nut" && cmp "$tmp/cuda.nut" "$tmp/pg.nut" &&
    echo "-t ${t##*/} --stripes $s: cpu = cuda = cuda --pageable ($(stat -c %s "$tmp/cpu.nut") bytes)" || { echo "-t $t --stripes $s: DIFFER"; status=1; }
  done
done | tee "$out/equal.txt"

log "compute-sanitizer, odd height"
for tool in memcheck racecheck synccheck initcheck; do
  echo "--- $tool" >>"$out/sanitizer.txt"
  compute-sanitizer --tool $tool --error-exitcode 9 "$pk/pinstripe" -q --backend cuda --no-display \
    --frames 6 -t sepia -c rawvideo -o "$tmp/san.nut" "$pk/odd.mkv" >"$tmp/san.txt" 2>&1
  rc=$?; cat "$tmp/san.txt" >>"$out/sanitizer.txt"
  echo "$tool: exit $rc, $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$tmp/san.txt" | tr '\n' ' ')"
  [ $rc = 0 ] || status=1
done

log "traces, 1080p"
"$pk/pinstripe" --backend cuda --no-display --frames 90 --trace "$out/trace-pinned.json" "$pk/clip1080.mp4"
"$pk/pinstripe" --backend cuda --pageable --no-display --frames 90 --trace "$out/trace-pageable.json" "$pk/clip1080.mp4"
"$pk/pinstripe" --backend cpu --no-display --frames 90 "$pk/clip1080.mp4"

if [ -f "$pk/live720.mp4" ]; then
  log "live latency, 720p30 file under --live, 300 frames, 3 runs a backend"
  for be in cuda cpu; do
    for i in 1 2 3; do
      "$pk/pinstripe" -q --backend $be --live "$pk/live720.mp4" --no-display --frames 300 \
        --stats "$tmp/lat.json" || status=1
      python3 - "$tmp/lat.json" "$be" "$i" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]; l = s["latency_ms"]
print("%s run %s: %d frames, %d dropped, latency median %.2f p99 %.2f ms (stage median %.2f, decode %.2f)"
      % (sys.argv[2], sys.argv[3], s["frames"], s["dropped"], l["median"], l["p99"],
         s["stage_ms"]["median"], s["decode_ms"]["median"]))
PY
    done
  done | tee "$out/latency.txt"
fi

log "pinstripe-bench (rebuilt here for NPP)"
bench=$("$top/tools/gpu-bench-build.sh" "$tmp/g" "$pk/pinstripe-bench")
"$bench" ${BENCH_ARGS:-} 2>&1 | tee "$out/bench.txt"
exit $status
