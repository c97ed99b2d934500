#!/usr/bin/env bash
# Runs on the GPU machine (../shared/device/README.md): issue 25's checks of
# NVDEC's p010/p016 surfaces read in place by the CUDA stage. --hwdec cuda
# against software decode, byte for byte (`-c rawvideo` to NUT), on HEVC
# Main10 and Main12 clips of odd sizes (even, not multiples of 8), 1/3/8
# stripes, 8-bit BGR and 16-bit RGB, tone-mapped and not; the surfaces counted
# on the device (-v); compute-sanitizer's memcheck and racecheck on the p010
# path; then pinstripe-e2e (the pipeline against decoding alone, software and
# NVDEC) on the clips named by E2E_CLIPS. Expects .pack/ with pinstripe,
# pinstripe-e2e and the clips. Usage: tools/gpu-p010.sh CLIP... ; logs to $OUT.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; tmp=$(mktemp -d)
exec > >(tee "$out/gpu-p010.log") 2>&1
status=0
lut=$top/assets/luts/teal-orange.cube
run() { "$pk/pinstripe" -q --no-display --backend cuda --frames 8 "$@"; }
echo "== NVDEC in place = software decode"
n=0 bad=0
for clip in "$@"; do
  for s in 1 3 8; do
    for o in "-c rawvideo" "--out-depth 16 -c rawvideo" "--tone-mapping none -c rawvideo"; do
      # shellcheck disable=SC2086
      run --stripes $s -t "lut3d=file=$lut" $o -o "$tmp/sw.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
      # shellcheck disable=SC2086
      run --stripes $s -t "lut3d=file=$lut" --hwdec cuda $o -o "$tmp/hw.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
      n=$((n + 1))
      cmp -s "$tmp/sw.nut" "$tmp/hw.nut" || { bad=$((bad + 1)); status=1; echo "DIFFER: $(basename "$clip") --stripes $s $o"; }
    done
  done
  "$pk/pinstripe" -v --no-display --backend cuda --hwdec cuda --frames 8 "$clip" 2>&1 | grep -iE "device|nvdec|hwdec" | head -3
done
echo "$n runs compared, $bad differ"
echo "== compute-sanitizer, p010 in place"
for tool in memcheck racecheck; do
  compute-sanitizer --tool $tool --error-exitcode 9 "$pk/pinstripe" -q --no-display --backend cuda --hwdec cuda \
    --stripes 3 --frames 4 -t "lut3d=file=$lut" --out-depth 10 -c ffv1 -o "$tmp/san.nut" "$1" >"$out/p010-san-$tool.txt" 2>&1
  rc=$?
  echo "$tool: exit $rc; $(tail -n 1 "$out/p010-san-$tool.txt")"
  [ $rc = 0 ] || status=1
done
echo "== pinstripe-e2e"
for clip in ${E2E_CLIPS:-}; do
  for hw in "" "--hwdec cuda"; do
    echo "-- $(basename "$clip") ${hw:-software}"
    # shellcheck disable=SC2086
    "$pk/pinstripe-e2e" --reps 3 $hw "$clip" --backend cuda -t "lut3d=file=$lut" 2>&1 | tail -4
  done
done
rm -rf "$tmp"
echo "gpu-p010: $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status
