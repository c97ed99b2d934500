#!/usr/bin/env bash
# Runs on the GPU machine (../shared/device/README.md): the checks and figures of
# the GPU path end to end. Sections, in the order given (default: all):
#   equal   decoding into the ring's memory = copying into it = the CPU backend;
#           --hwdec cuda = software decode (H.264 and HEVC), byte for byte
#   e2e     pinstripe-e2e: the pipeline against decode alone, 1080p and 2160p H.264,
#           decoding into the ring's memory and (PINSTRIPE_DECODE_COPY=1) copying;
#           --hwdec cuda at 2160p, H.264 and HEVC, with the software pipeline beside it
#   san     compute-sanitizer's four tools on the direct and the NVDEC path
#   trace   pinned and pageable 1080p traces (tools/trace-svg.py draws them)
#   faults  PINSTRIPE_FAULT at the CUDA sites (h2d, kernel, d2h, pinned), direct and NVDEC:
#           exit 3 with one line, the output readable; three under compute-sanitizer
#   reshape a stream that changes size and pixel format mid-way (reshape.ts): CUDA
#           (pinned, pageable, 3 and 200 stripes, --hwdec cuda) = CPU backend, frame by
#           frame (--debug-frame-hash); then under compute-sanitizer memcheck
#   graph   the overlay's frame-time graph burned into -o with the CUDA backend: the
#           steps' bars (upload and download for the timed frames), the live
#           latency line (gray1000.nut, gray25.nut; a build with OpenCV, not headless)
#   bench   pinstripe-bench rebuilt there (NPP): the stage against the copy bound and
#           NPP; then with plain planes (--plain: what decoding into the ring's memory
#           costs the copies) and with 8 frames in flight
# Expects .pack/ made by (see BENCHMARKS.md):
#   tools/build.sh build-dev -DPINSTRIPE_HEADLESS=ON -DPINSTRIPE_AVDEVICE=OFF -DCMAKE_CUDA_ARCHITECTURES=90
#   ../shared/device/pack.sh .pack build-dev/pinstripe build-dev/pinstripe-e2e build-dev/pinstripe-bench \
#       build-dev/tests/test_gpu e1080.mp4 e2160.mp4 h2160.mp4 odd.mkv reshape.ts
# e1080.mp4: 300 frames of 1080p30 H.264; e2160.mp4 and h2160.mp4: 90 frames of
# 2160p30 H.264 and HEVC (tools/make-bench-clips.sh). REPS (default 5) repetitions.
# Logs go to $OUT (or ./gpu-out).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; tmp=$(mktemp -d)
reps=${REPS:-5}
lut="lut3d=file=$top/assets/luts/teal-orange.cube"
status=0
log() { echo "== $*"; }
sections=${*:-equal e2e reshape san trace bench}

for sec in $sections; do
case $sec in
equal)
  log "equal: direct = copy = cpu; hwdec = software"
  for clip in e1080.mp4 odd.mkv; do
    for t in none "$lut"; do
      "$pk/pinstripe" -v --backend cuda --no-display -t "$t" --frames 60 -c rawvideo -o "$tmp/direct.nut" "$pk/$clip" 2>"$tmp/v.txt" &&
      PINSTRIPE_DECODE_COPY=1 "$pk/pinstripe" -q --backend cuda --no-display -t "$t" --frames 60 -c rawvideo -o "$tmp/copy.nut" "$pk/$clip" &&
      "$pk/pinstripe" -q --backend cuda --pageable --no-display -t "$t" --frames 60 -c rawvideo -o "$tmp/pg.nut" "$pk/$clip" &&
      "$pk/pinstripe" -q --backend cpu --no-display -t "$t" --frames 60 -c rawvideo -o "$tmp/cpu.nut" "$pk/$clip" &&
      cmp "$tmp/direct.nut" "$tmp/copy.nut" && cmp "$tmp/direct.nut" "$tmp/pg.nut" && cmp "$tmp/direct.nut" "$tmp/cpu.nut" &&
      echo "$clip -t ${t##*/}: direct = copy = pageable = cpu ($(stat -c %s "$tmp/cpu.nut") bytes); $(grep -o "[0-9]* frames decoded straight.*" "$tmp/v.txt")" ||
      { echo "$clip -t $t: DIFFER"; cat "$tmp/v.txt"; status=1; }
    done
  done
  for clip in e1080.mp4 e2160.mp4 h2160.mp4; do
    for t in none "$lut"; do
      for s in 3 1 8; do
        "$pk/pinstripe" -v --backend cuda --hwdec cuda --no-display -t "$t" --stripes $s --frames 30 -c rawvideo -o "$tmp/hw.nut" "$pk/$clip" 2>"$tmp/hw.txt" &&
        "$pk/pinstripe" -q --backend cuda --no-display -t "$t" --stripes $s --frames 30 -c rawvideo -o "$tmp/sw.nut" "$pk/$clip" &&
        cmp "$tmp/hw.nut" "$tmp/sw.nut" &&
        echo "$clip -t ${t##*/} --stripes $s: --hwdec cuda = software ($(stat -c %s "$tmp/sw.nut") bytes); $(grep -o "[0-9]* frames from NVDEC.*" "$tmp/hw.txt")" ||
        { echo "$clip -t $t --stripes $s: hwdec DIFFERS"; grep -v "^ " "$tmp/hw.txt" | head -5; status=1; }
      done
    done
  done
  # a stream NVDEC cannot take: one line, software decode, same output
  "$pk/pinstripe" --backend cuda --hwdec cuda --no-display --frames 5 -c rawvideo -o "$tmp/ffv1.nut" "$pk/odd.mkv" 2>&1 | grep -i nvdec
  ;;
e2e)
  log "e2e: pipeline vs decode alone ($reps reps), -t lut3d 33^3"
  for clip in e1080.mp4 e2160.mp4; do
    "$pk/pinstripe-e2e" --reps "$reps" "$pk/$clip" --backend cuda -t "$lut" || status=1
    echo "-- the same, every frame copied into the ring (PINSTRIPE_DECODE_COPY=1, the old path):"
    PINSTRIPE_DECODE_COPY=1 "$pk/pinstripe-e2e" --reps "$reps" "$pk/$clip" --backend cuda -t "$lut" || status=1
  done
  log "e2e: --hwdec cuda at 2160p"
  for clip in e2160.mp4 h2160.mp4; do
    "$pk/pinstripe-e2e" --reps "$reps" --hwdec cuda "$pk/$clip" --backend cuda -t "$lut" || status=1
    [ "$clip" = h2160.mp4 ] && { "$pk/pinstripe-e2e" --reps "$reps" "$pk/$clip" --backend cuda -t "$lut" || status=1; }
  done
  ;;
reshape)
  log "reshape: size and pixel format changing mid-stream, CUDA = CPU frame by frame"
  hashes() { # name, options...: frame hashes of a run into $tmp/name.json
    local name=$1; shift
    "$pk/pinstripe" -q --no-display --no-pacing --frames 1000 --debug-frame-hash --stats "$tmp/$name.json" \
      "$@" "$pk/reshape.ts" 2>"$tmp/err.txt" || { echo "$name: exit $?: $(cat "$tmp/err.txt")"; status=1; }
  }
  for t in none sepia "$lut"; do
    tn=${t%%=*}
    hashes cpu-$tn --backend cpu -t "$t"
    hashes cuda3-$tn --backend cuda --stripes 3 -t "$t"
    hashes cuda200-$tn --backend cuda --stripes 200 -t "$t"
    hashes pageable-$tn --backend cuda --pageable --stripes 3 -t "$t"
    hashes hwdec-$tn --backend cuda --hwdec cuda -t "$t"
  done
  python3 - "$tmp" <<'PY' || status=1
import json, sys
tmp = sys.argv[1]
def rows(n):
    return [(f["index"], f["width"], f["height"], f["hash"]) for f in json.load(open(f"{tmp}/{n}.json"))["frames"]]
bad = 0
for t in ("none", "sepia", "lut3d"):
    ref = rows(f"cpu-{t}")
    sizes = sorted({r[1:3] for r in ref})
    for run in ("cuda3", "cuda200", "pageable", "hwdec"):
        got = rows(f"{run}-{t}")
        same = got == ref
        bad += not same
        print(f"-t {t}: {run}: {len(got)} frames, {'equal to' if same else 'DIFFERENT from'} the CPU backend's {len(ref)} ({len(sizes)} sizes)")
sys.exit(1 if bad else 0)
PY
  for mode in plain hwdec; do
    extra=(); [ $mode = hwdec ] && extra=(--hwdec cuda)
    compute-sanitizer --tool memcheck --error-exitcode 9 "$pk/pinstripe" -q --backend cuda "${extra[@]}" \
      --no-display --no-pacing --frames 1000 -t sepia "$pk/reshape.ts" >"$tmp/san.txt" 2>&1
    rc=$?; { echo "--- reshape $mode memcheck"; cat "$tmp/san.txt"; } >>"$out/sanitizer.txt"
    echo "reshape $mode memcheck: exit $rc, $(grep -E 'ERROR SUMMARY' "$tmp/san.txt")"
    [ $rc = 0 ] || status=1
  done
  ;;
graph)
  log "graph: the overlay's frame-time graph burned into -o, CUDA (tests/overlay_graph_check.py)"
  for g in graph text; do
    opt=(); [ $g = text ] && opt=(--no-overlay-graph)
    "$pk/pinstripe" -q --backend cuda --no-display --overlay "${opt[@]}" --stats "$tmp/$g.json" \
      --output-format rawvideo -c rawvideo -o "$tmp/$g.bgr" "$pk/gray1000.nut" || status=1
  done
  "$pk/pinstripe" -q --backend cuda --no-display --live --overlay --output-format rawvideo -c rawvideo \
    -o "$tmp/live.bgr" "$pk/gray25.nut" || status=1
  python3 "$top/tests/overlay_graph_check.py" "$tmp/graph.bgr" "$tmp/text.bgr" "$tmp/graph.json" "$tmp/live.bgr" ||
    status=1
  rm -f "$tmp"/*.bgr
  ;;
san)
  log "compute-sanitizer: direct decode (H.264) and NVDEC"
  for mode in direct hwdec; do
    extra=(); [ $mode = hwdec ] && extra=(--hwdec cuda)
    for tool in memcheck racecheck synccheck initcheck; do
      compute-sanitizer --tool $tool --error-exitcode 9 "$pk/pinstripe" -q --backend cuda "${extra[@]}" --no-display \
        --frames 6 -t sepia -c rawvideo -o "$tmp/san.nut" "$pk/e1080.mp4" >"$tmp/san.txt" 2>&1
      rc=$?; { echo "--- $mode $tool"; cat "$tmp/san.txt"; } >>"$out/sanitizer.txt"
      echo "$mode $tool: exit $rc, $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$tmp/san.txt" | tr '\n' ' ')"
      [ $rc = 0 ] || status=1
    done
  done
  ;;
trace)
  log "traces, 1080p, no pacing"
  "$pk/pinstripe" --backend cuda --no-display --frames 120 -t "$lut" --trace "$out/trace-pinned.json" "$pk/e1080.mp4"
  "$pk/pinstripe" --backend cuda --pageable --no-display --frames 120 -t "$lut" --trace "$out/trace-pageable.json" "$pk/e1080.mp4"
  "$pk/pinstripe" --backend cuda --hwdec cuda --no-display --frames 120 -t "$lut" --trace "$out/trace-hwdec.json" "$pk/e1080.mp4"
  ;;
bench)
  log "pinstripe-bench (rebuilt here for NPP), $reps reps"
  bench=$("$top/tools/gpu-bench-build.sh" "$tmp/g" "$pk/pinstripe-bench")
  "$bench" --reps "$reps" 2>&1
  echo "-- --plain (plain planes, one upload a plane a stripe):"
  "$bench" --reps "$reps" --plain 2>&1 | grep -E "stage|NPP|bound"
  echo "-- PINSTRIPE_CUDA_DEPTH=8:"
  PINSTRIPE_CUDA_DEPTH=8 "$bench" --reps "$reps" 2>&1 | grep -E "stage|NPP|bound"
  ;;
faults)
  log "faults: the CUDA sites of PINSTRIPE_FAULT (stage/fault.h), then under compute-sanitizer"
  for f in h2d:1 h2d:40 kernel:1 kernel:40 d2h:1 d2h:40 pinned:1 pinned:5; do
    for mode in direct hwdec; do
      extra=(); [ $mode = hwdec ] && extra=(--hwdec cuda)
      [ $mode = hwdec ] && [ "${f%%:*}" = h2d ] && continue # NVDEC frames are not uploaded
      rm -f "$tmp/f.nut"
      PINSTRIPE_FAULT=$f timeout 120 "$pk/pinstripe" -q --backend cuda "${extra[@]}" --no-display --frames 60 \
        -c rawvideo -o "$tmp/f.nut" "$pk/e1080.mp4" 2>"$tmp/f.txt"; rc=$?
      lines=$(grep -c . "$tmp/f.txt")
      kept=0; [ -s "$tmp/f.nut" ] && kept=$("$pk/pinstripe" -q --backend cpu --no-display --frames 100000 \
        --stats "$tmp/k.json" "$tmp/f.nut" 2>/dev/null && grep -o '"frames":[0-9]*' "$tmp/k.json" | tail -n 1 | tr -dc 0-9)
      echo "PINSTRIPE_FAULT=$f ($mode): exit $rc, $lines line(s), the output reads back with ${kept:-0} frames: $(head -n 1 "$tmp/f.txt")"
      [ $rc = 3 ] && [ "$lines" = 1 ] || status=1
    done
  done
  for f in h2d:20 kernel:20 d2h:20; do
    PINSTRIPE_FAULT=$f compute-sanitizer --tool memcheck --error-exitcode 9 "$pk/pinstripe" -q --backend cuda \
      --no-display --frames 40 -c rawvideo -o "$tmp/s.nut" "$pk/e1080.mp4" >"$tmp/s.txt" 2>&1; rc=$?
    echo "memcheck, PINSTRIPE_FAULT=$f: exit $rc (3 expected), $(grep -E 'ERROR SUMMARY' "$tmp/s.txt")"
    [ $rc = 3 ] || status=1
  done
  ;;
*) echo "gpu-e2e: unknown section '$sec'"; status=2 ;;
esac
done
exit $status
