#!/usr/bin/env bash
# Runs on the GPU machine (../shared/device/README.md): the CPU backend on its
# 16 cores (issue 12). Sections, in the order given (default: all):
#   equal   test_gpu (CPU backend = CUDA stage, unchanged) and test_simd on this
#           CPU; the binary's output, CPU = CUDA, BGR (rawvideo) and the encoder's
#           4:2:0 (ffv1), transforms × stripes × --threads
#   kernels pinstripe-cpu-bench: each transform on one thread per SIMD level
#   threads pinstripe-cpu-bench: the CPU stage at 1..16 threads, 1080p and 2160p
#   e2e     pinstripe-e2e --backend cpu: none, invert, lut3d at 1080p and 2160p
#           (decode alone beside it), and lut3d at 2160p by --threads
# Expects .pack/ made by (see BENCHMARKS.md):
#   tools/build.sh build-dev -DPINSTRIPE_HEADLESS=ON -DPINSTRIPE_AVDEVICE=OFF -DCMAKE_CUDA_ARCHITECTURES=90
#   ../shared/device/pack.sh .pack build-dev/pinstripe build-dev/pinstripe-e2e \
#       build-dev/pinstripe-cpu-bench build-dev/tests/test_gpu build-dev/tests/test_simd \
#       e1080.mp4 e2160.mp4 odd.mkv
# REPS (default 3) repetitions. Logs go to $OUT (or ./gpu-out).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; tmp=$(mktemp -d)
reps=${REPS:-3}
lut="lut3d=file=$top/assets/luts/teal-orange.cube"
status=0
log() { echo "== $*"; }
sections=${*:-equal kernels threads e2e}
cd "$top"

for sec in $sections; do
case $sec in
equal)
  log "equal: test_gpu, test_simd, binary cpu = cuda"
  nproc; grep -m1 "model name" /proc/cpuinfo
  "$pk/test_gpu" 2>&1 | tail -n 3; [ "${PIPESTATUS[0]}" = 0 ] || status=1
  "$pk/test_simd" 2>&1 | tail -n 5; [ "${PIPESTATUS[0]}" = 0 ] || status=1
  for t in none invert sepia "$lut" "eq=contrast=1.2:saturation=1.3:gamma=1.2,hue=degrees=20,$lut" \
           "lut3d=file=$top/assets/luts/warm-film.cube:interp=trilinear,lut1d=file=$top/assets/luts/s-curve.cube"; do
    for s in 1 3 8; do
      for th in 1 7 16; do
        "$pk/pinstripe" -q --backend cpu --threads $th --no-display -t "$t" --stripes $s -c rawvideo -o "$tmp/cpu.nut" "$pk/odd.mkv" &&
        "$pk/pinstripe" -q --backend cuda --no-display -t "$t" --stripes $s -c rawvideo -o "$tmp/cuda.nut" "$pk/odd.mkv" &&
        "$pk/pinstripe" -q --backend cpu --threads $th --no-display -t "$t" --stripes $s --frames 20 -c ffv1 -o "$tmp/cpu-y.nut" "$pk/e1080.mp4" &&
        "$pk/pinstripe" -q --backend cuda --no-display -t "$t" --stripes $s --frames 20 -c ffv1 -o "$tmp/cuda-y.nut" "$pk/e1080.mp4" &&
        cmp "$tmp/cpu.nut" "$tmp/cuda.nut" && cmp "$tmp/cpu-y.nut" "$tmp/cuda-y.nut" &&
        echo "-t ${t##*/} --stripes $s --threads $th: cpu = cuda (bgr $(stat -c %s "$tmp/cpu.nut") bytes, yuv420p ffv1 $(stat -c %s "$tmp/cpu-y.nut") bytes)" ||
        { echo "-t $t --stripes $s --threads $th: DIFFER"; status=1; }
      done
    done
  done
  ;;
kernels)
  log "kernels: one thread per SIMD level, 1080p"
  "$pk/pinstripe-cpu-bench" --reps 5 --frames 10 kernels || status=1
  ;;
threads)
  log "threads: the CPU stage, 1080p and 2160p"
  "$pk/pinstripe-cpu-bench" --reps 5 --frames 20 --threads 1,2,4,8,12,16 threads || status=1
  "$pk/pinstripe-cpu-bench" --size 3840x2160 --reps 5 --frames 10 --threads 1,2,4,8,12,16 threads || status=1
  ;;
e2e)
  log "e2e: the whole pipeline, CPU backend, every core"
  for clip in e1080.mp4 e2160.mp4; do
    for t in none invert "$lut"; do
      echo "--- $clip -t ${t##*/}"
      "$pk/pinstripe-e2e" --reps "$reps" "$pk/$clip" --backend cpu -t "$t" 2>&1 | tail -n 2 || status=1
    done
  done
  for th in 1 2 4 8 16; do
    echo "--- e2160.mp4 -t lut3d --threads $th"
    "$pk/pinstripe-e2e" --reps "$reps" "$pk/e2160.mp4" --backend cpu --threads $th -t "$lut" 2>&1 | tail -n 1 || status=1
  done
  ;;
*) echo "unknown section '$sec'"; status=1 ;;
esac
done
exit $status
