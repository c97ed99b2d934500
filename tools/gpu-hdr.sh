#!/usr/bin/env bash
# Runs on the GPU machine (../shared/device/README.md): issue 24's checks of
# tone mapping on the CUDA backend. The binary's output, CUDA against the CPU
# backend byte for byte, on every HDR clip given, for every curve, both gamut
# mappings, the chain before and after, 1/3/8 stripes, into dithered 8-bit BGR,
# 16-bit RGB and the encoder's 10-bit YUV (ffv1), written to NUT; --hwdec cuda
# (NVDEC's p010) against software decode on an HEVC clip; compute-sanitizer's
# four tools on a tone-mapped run. Expects .pack/ with pinstripe and the clips
# (tools/make-hdr-clips.sh DIR makes them):
#   ../shared/device/pack.sh .pack build-dev/pinstripe ... CLIPS...
# Usage: tools/gpu-hdr.sh CLIP... ; logs to $OUT (or ./gpu-out), gpu-hdr.log.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; tmp=$(mktemp -d)
exec > >(tee "$out/gpu-hdr.log") 2>&1
status=0
lut=$top/assets/luts/teal-orange.cube
run() { "$pk/pinstripe" -q --no-display --frames 4 "$@"; }
echo "== CUDA = CPU on HDR clips"
n=0 bad=0 i=0
stripes=(1 3 8)
outs=("--dither ordered -c rawvideo" "--dither blue -c rawvideo" "--out-depth 16 -c rawvideo" "--out-depth 10 -c ffv1")
for clip in "$@"; do
  for c in bt2390 hable reinhard mobius clip; do
    for g in compress clip; do
      for sp in display source; do
        i=$((i + 1))
        s=${stripes[$((i % 3))]}
        o=${outs[$((i % 4))]}
        t=$([ $((i % 2)) = 0 ] && echo "eq=contrast=1.2,lut3d=file=$lut" || echo none)
        args="--tone-mapping $c --gamut-mapping $g --lut-space $sp --stripes $s"
        # shellcheck disable=SC2086
        run --backend cpu $args -t "$t" $o -o "$tmp/cpu.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
        # shellcheck disable=SC2086
        run --backend cuda $args -t "$t" $o -o "$tmp/cuda.nut" "$clip" 2>"$tmp/err" || { cat "$tmp/err"; status=1; }
        n=$((n + 1))
        if ! cmp -s "$tmp/cpu.nut" "$tmp/cuda.nut"; then
          bad=$((bad + 1)); status=1
          echo "DIFFER: $(basename "$clip") $args -t $t $o"
        fi
      done
    done
  done
  echo "$(basename "$clip"): done"
done
echo "$n runs compared, $bad differ"
echo "== NVDEC (p010) = software decode, PQ HEVC, tone-mapped"
for clip in "$@"; do
  case $clip in *pq1080*) ;; *) continue ;; esac
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
    --stripes 3 --frames 3 -t "lut3d=file=$lut" --tone-mapping bt2390 --out-depth 10 -c ffv1 \
    -o "$tmp/san.nut" "$clip" >"$out/san-$tool.txt" 2>&1
  rc=$?
  echo "$tool: exit $rc, $(grep -c 'ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards' "$out/san-$tool.txt") clean summaries; $(tail -n 1 "$out/san-$tool.txt")"
  [ $rc = 0 ] || status=1
done
rm -rf "$tmp"
echo "gpu-hdr: $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status
