#!/usr/bin/env bash
# Runs on the GPU machine (../shared/device/README.md): issue 25's checks of the
# deep-colour GPU path. Expects .pack/ with pinstripe, pinstripe-e2e (and, when
# packed, pinstripe-bench, test_gpu, test_simd) and the clips of
# tools/make-10bit-clips.sh. Logs to $OUT (or ./gpu-out), gpu-p010.log.
#   tools/gpu-p010.sh CLIP...   the odd-size equality clips (HEVC Main10/12, VP9...)
# with E2E_CLIPS="A B" the clips of the pipeline's speed (pinstripe-e2e, REPS
# repetitions, default 5, software and --hwdec cuda; then the CPU time of one
# whole run of each) and SECTIONS (default "equal cpu san e2e bench") to pick.
#  equal: --hwdec cuda against software decode, byte for byte (`-c rawvideo` to
#         NUT), 1/3/8 stripes, into 8-bit BGR, 16-bit RGB and PQ kept; and how
#         many frames came on the device (-v)
#  cpu:   the CPU backend against the CUDA one on the deep paths (software
#         decoding, 16-bit planes uploaded; NVDEC's p010), and test_gpu/test_simd
#  san:   compute-sanitizer's four tools on the p010 path and the 16-bit upload
#  e2e:   pinstripe-e2e, the pipeline against decoding alone, software and NVDEC
#  bench: pinstripe-bench's stage rows (the 10-bit ones: one pass against two)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; tmp=$(mktemp -d)
exec > >(tee "$out/gpu-p010.log") 2>&1
status=0
sections=" ${SECTIONS:-equal cpu san e2e bench} "
lut=$top/assets/luts/teal-orange.cube
run() { "$pk/pinstripe" -q --no-display --frames 8 "$@"; }
want() { [[ $sections == *" $1 "* ]]; }
nvidia-smi -L 2>/dev/null
if want equal; then
  echo "== NVDEC in place = software decode"
  n=0 bad=0
  for clip in "$@"; do
    for s in 1 3 8; do
      for o in "-c rawvideo" "--out-depth 16 -c rawvideo" "--tone-mapping none -c rawvideo"; do
        # shellcheck disable=SC2086
        rm -f "$tmp/sw.nut" "$tmp/hw.nut"
        run --backend cuda --stripes $s -t "lut3d=file=$lut" $o -o "$tmp/sw.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
        # shellcheck disable=SC2086
        run --backend cuda --stripes $s -t "lut3d=file=$lut" --hwdec cuda $o -o "$tmp/hw.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
        n=$((n + 1))
        cmp -s "$tmp/sw.nut" "$tmp/hw.nut" || { bad=$((bad + 1)); status=1; echo "DIFFER: $(basename "$clip") --stripes $s $o"; }
      done
    done
    "$pk/pinstripe" -v --no-display --backend cuda --hwdec cuda --frames 8 "$clip" 2>&1 | grep -iE "nvdec|hwdec|->" | head -3
  done
  echo "$n runs compared, $bad differ"
fi
if want cpu; then
  echo "== CPU backend = CUDA backend, deep paths"
  n=0 bad=0
  # (NVDEC's frames stay on the GPU, for the CUDA backend only: equal to software
  # decoding above, so to the CPU backend through this)
  for clip in "$@"; do
    for o in "-c rawvideo" "--out-depth 16 -c rawvideo" "--out-depth 10 -c ffv1"; do
      rm -f "$tmp/cpu.nut" "$tmp/cuda.nut"
      # shellcheck disable=SC2086
      run --backend cpu --stripes 3 -t "eq=contrast=1.2,lut3d=file=$lut" $o -o "$tmp/cpu.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
      # shellcheck disable=SC2086
      run --backend cuda --stripes 3 -t "eq=contrast=1.2,lut3d=file=$lut" $o -o "$tmp/cuda.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
      n=$((n + 1))
      cmp -s "$tmp/cpu.nut" "$tmp/cuda.nut" || { bad=$((bad + 1)); status=1; echo "DIFFER: $(basename "$clip") $o"; }
    done
  done
  echo "$n runs compared, $bad differ"
  for t in test_gpu test_simd; do
    if [ -x "$pk/$t" ]; then
      "$pk/$t" >"$out/$t.txt" 2>&1; rc=$?
      echo "$t: exit $rc; $(tail -n 1 "$out/$t.txt")"
      [ $rc = 0 ] || status=1
    fi
  done
fi
if want san; then
  echo "== compute-sanitizer: NVDEC's p010 in place, and 16-bit planes uploaded"
  for path in "--hwdec cuda" ""; do
    for tool in memcheck racecheck synccheck initcheck; do
      name=$([ -n "$path" ] && echo p010 || echo upload16)-$tool
      # shellcheck disable=SC2086
      compute-sanitizer --tool $tool --error-exitcode 9 "$pk/pinstripe" -q --no-display --backend cuda $path \
        --stripes 3 --frames 4 -t "lut3d=file=$lut" --out-depth 10 -c ffv1 -o "$tmp/san.nut" "$1" >"$out/san-$name.txt" 2>&1
      rc=$?
      echo "$name: exit $rc; $(grep -E 'SUMMARY' "$out/san-$name.txt" | tail -n 1)"
      [ $rc = 0 ] || status=1
    done
  done
fi
if want e2e; then
  echo "== pinstripe-e2e: --backend cuda -t lut3d=file=teal-orange.cube (33³), tone mapping as by default"
  for clip in ${E2E_CLIPS:-}; do
    for hw in "" "--hwdec cuda"; do
      echo "-- $(basename "$clip") ${hw:-software}"
      # shellcheck disable=SC2086
      "$pk/pinstripe-e2e" --reps "${REPS:-5}" $hw "$clip" --backend cuda -t "lut3d=file=$lut" 2>&1 | grep -v "^| ---"
    done
  done
  echo "== CPU time of one whole run (bash time: real, user, sys)"
  TIMEFORMAT='real %R s, user %U s, sys %S s'
  for clip in ${E2E_CLIPS:-}; do
    for hw in "" "--hwdec cuda"; do
      echo "-- $(basename "$clip") ${hw:-software}"
      # shellcheck disable=SC2086
      time "$pk/pinstripe" -q --no-display --frames 1000000 --backend cuda -t "lut3d=file=$lut" $hw "$clip"
    done
  done
fi
if want bench && [ -x "$pk/pinstripe-bench" ]; then
  echo "== pinstripe-bench --reps ${BENCH_REPS:-5}"
  "$pk/pinstripe-bench" --reps "${BENCH_REPS:-5}" 2>&1
fi
rm -rf "$tmp"
echo "gpu-p010: $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status
