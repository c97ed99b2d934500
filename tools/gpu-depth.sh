#!/usr/bin/env bash
# Runs on the GPU machine (../shared/device/README.md): issue 23's checks of
# deep colour on the CUDA backend. The binary's output, CUDA against the CPU
# backend byte for byte, on every deep clip given, through transforms and
# chains, 1/3/8 stripes, each dither, into 8-bit BGR, 16-bit RGB and the
# encoder's 10-bit YUV (ffv1), each written to NUT (Matroska files differ run to run: a random UID);
# --hwdec cuda on a 10-bit HEVC clip (NVDEC's p010) against software decode;
# then compute-sanitizer's four tools on a deep run. Expects .pack/ with
# pinstripe and the clips (tools/make-depth-clips.sh DIR makes them):
#   ../shared/device/pack.sh .pack build-dev/pinstripe build-dev/tests/test_gpu CLIPS...
# Usage: tools/gpu-depth.sh CLIP... ; logs to $OUT (or ./gpu-out), gpu-depth.log.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; tmp=$(mktemp -d)
exec > >(tee "$out/gpu-depth.log") 2>&1
status=0
lut=$top/assets/luts/teal-orange.cube
run() { "$pk/pinstripe" -q --no-display --frames 6 "$@"; }
hash() { md5sum <"$1" | cut -c1-32; }
echo "== CUDA = CPU on deep clips"
n=0 bad=0
for clip in "$@"; do
  for t in none sepia "eq=contrast=1.4:gamma=1.5,hue=degrees=30,lut3d=file=$lut" \
           "lut3d=file=$lut:interp=trilinear" "lut3d=file=$lut:interp=nearest"; do
    for s in 1 3 8; do
      for o in "--dither ordered --out-depth 8 -c rawvideo" "--dither blue --out-depth 8 -c rawvideo" \
               "--dither no --out-depth 8 -c rawvideo" "--out-depth 16 -c rawvideo" "--out-depth 10 -c ffv1"; do
        # shellcheck disable=SC2086
        run --backend cpu --stripes $s -t "$t" $o -o "$tmp/cpu.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
        # shellcheck disable=SC2086
        run --backend cuda --stripes $s -t "$t" $o -o "$tmp/cuda.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
        n=$((n + 1))
        if ! cmp -s "$tmp/cpu.nut" "$tmp/cuda.nut"; then
          bad=$((bad + 1)); status=1
          echo "DIFFER: $(basename "$clip") -t $t --stripes $s $o"
        fi
      done
    done
  done
  echo "$(basename "$clip"): done"
done
echo "$n runs compared, $bad differ"
echo "== NVDEC (p010) = software decode, 10-bit HEVC"
for clip in "$@"; do
  case $clip in *hevc10*) ;; *) continue ;; esac
  for o in "--out-depth 8 -c rawvideo" "--out-depth 16 -c rawvideo"; do
    # shellcheck disable=SC2086
    run --backend cuda $o -o "$tmp/sw.nut" "$clip" && run --backend cuda --hwdec cuda $o -o "$tmp/hw.nut" "$clip" 2>"$tmp/err"
    cat "$tmp/err"
    if cmp -s "$tmp/sw.nut" "$tmp/hw.nut"; then echo "$(basename "$clip") $o: NVDEC = software"; else echo "DIFFER: NVDEC $o"; status=1; fi
  done
done
echo "== compute-sanitizer"
clip=$1
for tool in memcheck racecheck initcheck synccheck; do
  compute-sanitizer --tool $tool --error-exitcode 9 "$pk/pinstripe" -q --no-display --backend cuda \
    --stripes 3 --frames 4 -t "eq=contrast=1.4:gamma=1.5,lut3d=file=$lut" --out-depth 10 -c ffv1 \
    -o "$tmp/san.nut" "$clip" >"$out/san-$tool.txt" 2>&1
  rc=$?
  echo "$tool: exit $rc, $(grep -c 'ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards' "$out/san-$tool.txt") clean summaries; $(tail -n 1 "$out/san-$tool.txt")"
  [ $rc = 0 ] || status=1
done
rm -rf "$tmp"
exit $status
