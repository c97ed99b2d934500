#!/usr/bin/env bash
# Two builds of pinstripe write the same set of outputs; their streams must decode
# to the same frames. For a change that should change nothing in what -o writes
# (issue 22's house-keeping):
#
#   tools/compare-outputs.sh OLD_BINARY NEW_BINARY [WORKDIR]
#
# Clips made with FFmpeg: MP4 (H.264 + AAC), MKV (H.264 + AAC + SubRip),
# MPEG-TS (MPEG-2 + MP2), NUT (raw video + PCM), and a badly interleaved MKV
# (audio 3 s behind its video in file order). Each is written to several
# containers, whole, cut short (--frames), and to standard output (-o -).
# Deep and HDR outputs too (issue 42): a 10-bit clip written at --out-depth 10 and
# 16, a PQ clip tone-mapped and kept as HDR, a LUT chain with mix, the split, and
# the window's scaled frames (--window-size with --debug-dump, read as PPMs).
# For each output: `ffmpeg -i OUT -map 0 -c:s copy -f framemd5 -` (every stream,
# decoded; subtitles as packets) of the old and the new binary's must be equal.
# One case is judged on its video alone, the old one's audio a prefix of the new
# one's: a run cut short (--frames) of the badly interleaved file, where how much
# of the sound behind the video gets written depends on how far the input was
# read when the run stopped (issue 22 reads further ahead). Prints one line an
# output; exits 1 when any differs.
set -uo pipefail
old=${1:?old binary}; new=${2:?new binary}
dir=${3:-$(mktemp -d)}
mkdir -p "$dir"
ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@" || { echo "ffmpeg $* failed" >&2; exit 2; }; }

ff -f lavfi -i testsrc2=size=320x240:rate=25:duration=4 -f lavfi -i sine=f=440:duration=4 \
   -c:v libx264 -g 25 -bf 2 -c:a aac -shortest "$dir/a.mp4"
printf '1\n00:00:00,200 --> 00:00:01,000\nhello\n\n2\n00:00:01,200 --> 00:00:01,800\nworld\n' >"$dir/s.srt"
ff -f lavfi -i testsrc2=size=320x240:rate=25:duration=3 -f lavfi -i sine=duration=3 -i "$dir/s.srt" \
   -map 0 -map 1 -map 2 -c:v libx264 -c:a aac -c:s srt "$dir/b.mkv"
ff -f lavfi -i testsrc2=size=352x288:rate=30000/1001:duration=3 -f lavfi -i sine=f=220:duration=3 \
   -c:v mpeg2video -c:a mp2 "$dir/c.ts"
ff -f lavfi -i testsrc2=size=176x144:rate=12:duration=3 -f lavfi -i sine=duration=3 \
   -c:v rawvideo -pix_fmt yuv420p -c:a pcm_s16le "$dir/d.nut"
# badly interleaved (issue 22's recipe): audio 3 s behind in file order
ff -f lavfi -i testsrc2=size=320x240:rate=25:duration=8 -f lavfi -i sine=f=330:duration=8 \
   -c:v libx264 -g 25 -c:a aac "$dir/src.mkv"
ff -i "$dir/src.mkv" -itsoffset 3 -i "$dir/src.mkv" -map 0:v -map 1:a -c copy "$dir/step1.mkv"
ff -i "$dir/step1.mkv" -map 0 -c copy -bsf:a setts=ts=PTS-3/TB -max_interleave_delta 1 "$dir/e.mkv"
# deep: 10-bit 4:2:0 (ffv1); HDR: PQ BT.2020 10-bit with its light levels unset
ff -f lavfi -i testsrc2=size=320x240:rate=25:duration=1 -pix_fmt yuv420p10le -c:v ffv1 "$dir/f.mkv"
ff -f lavfi -i testsrc2=size=322x182:rate=25:duration=1 -vf "lutrgb=r='val*0.85+13':g='val*0.85+13':b='val*0.85+13'" \
   -pix_fmt yuv420p10le -c:v ffv1 -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc \
   -color_range tv "$dir/g.mkv"
luts=$(cd "$(dirname "$0")/.." && pwd)/assets/luts

# name | input | arguments
cases=(
  "mp4-mkv-ffv1|a.mp4|-c ffv1 -o OUT.mkv"
  "mp4-mp4-x264|a.mp4|-o OUT.mp4"
  "mp4-mp4-frames|a.mp4|--frames 40 -c ffv1 -o OUT.mkv"
  "mkv-subs-mkv|b.mkv|-c ffv1 -o OUT.mkv"
  "mkv-subs-mp4|b.mkv|-o OUT.mp4"
  "mkv-subs-an|b.mkv|-an -c ffv1 -o OUT.mkv"
  "ts-ts|c.ts|-c mpeg2video -o OUT.ts"
  "ts-avi|c.ts|-c rawvideo -o OUT.avi"
  "nut-nut|d.nut|-c rawvideo -o OUT.nut"
  "nut-stdout|d.nut|-c ffv1 -o -"
  "mp4-stdout-mpegts|a.mp4|--output-format mpegts -c mpeg2video -o -"
  "bad-mkv|e.mkv|-c ffv1 -o OUT.mkv"
  "bad-mkv-sepia|e.mkv|-t sepia --enc-path bgr -c ffv1 -o OUT.mkv"
  "bad-mkv-frames|e.mkv|--frames 120 -c ffv1 -o OUT.mkv|prefix"
  "deep-10|f.mkv|--out-depth 10 -t eq=contrast=1.2:gamma=1.3 -c ffv1 -o OUT.mkv"
  "deep-16|f.mkv|--out-depth 16 -t hue=degrees=20:saturation=1.2 -c ffv1 -o OUT.mkv"
  "pq-tonemapped|g.mkv|--out-depth 10 -c ffv1 -o OUT.mkv"
  "pq-tonemapped-8|g.mkv|--tone-mapping hable --out-depth 8 -c ffv1 -o OUT.mkv"
  "pq-kept|g.mkv|--tone-mapping none --out-depth 10 -c ffv1 -o OUT.mkv"
  "lut-chain|a.mp4|-t eq=contrast=1.1,lut3d=file=$luts/teal-orange.cube:mix=0.7,sepia -c ffv1 -o OUT.mkv"
  "split|f.mkv|--compare split=0.3 -t lut3d=file=$luts/warm-film.cube --enc-path bgr -c ffv1 -o OUT.mkv"
  "window-dump|f.mkv|--frames 5 --no-overlay --window-size 200x150 -t sepia --debug-dump OUT.ppm"
)
bad=0
for c in "${cases[@]}"; do
  IFS='|' read -r name input args judge <<<"$c"
  for which in old new; do
    b=$old; [ $which = new ] && b=$new
    out="$dir/$name.$which"
    a=${args//OUT/$out}
    if [[ "$args" == *"-o -"* ]]; then
      # shellcheck disable=SC2086
      "$b" -q --no-display --backend cpu $a "$dir/$input" >"$out.pipe" 2>"$out.err"
      rc=$?; file="$out.pipe"
    else
      # shellcheck disable=SC2086
      "$b" -q --no-display --backend cpu $a "$dir/$input" 2>"$out.err"
      rc=$?; file=$(ls "$out".* 2>/dev/null | grep -v '\.err$\|\.md5$' | head -n 1)
    fi
    echo "$rc" >"$out.rc"
    if [[ "$file" == *.ppm ]]; then # --debug-dump: PPMs one after the other
      ffmpeg -hide_banner -v error -f ppm_pipe -i "$file" -f framemd5 - 2>&1 | grep -v '^#' >"$out.md5"
    else
      ffmpeg -hide_banner -v error -i "$file" -map 0 -c:s copy -f framemd5 - 2>&1 |
        grep -v '^#' >"$out.md5"
    fi
  done
  o=$dir/$name.old; n=$dir/$name.new
  if [ "${judge:-}" = prefix ] && cmp -s "$o.rc" "$n.rc" &&
     cmp -s <(grep '^0,' "$o.md5") <(grep '^0,' "$n.md5") &&
     cmp -s <(grep -v '^0,' "$o.md5") <(grep -v '^0,' "$n.md5" | head -n "$(grep -vc '^0,' "$o.md5")"); then
    echo "same video: $name ($(grep -c '^0,' "$n.md5") frames; other streams $(grep -vc '^0,' "$o.md5") -> $(grep -vc '^0,' "$n.md5") packets, the old ones a prefix)"
  elif cmp -s "$o.md5" "$n.md5" && cmp -s "$o.rc" "$n.rc"; then
    echo "same: $name ($(wc -l <"$n.md5") frames and packets, exit $(cat "$n.rc"))"
  else
    echo "DIFFERENT: $name (exit $(cat "$o.rc") -> $(cat "$n.rc")); diff $o.md5 $n.md5 | head"
    diff "$o.md5" "$n.md5" | head -n 6
    bad=1
  fi
done
exit $bad
