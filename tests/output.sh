#!/usr/bin/env bash
# End-to-end tests of what pinstripe writes (-o): `output.sh CASE`. Every output
# is read back the way other tools read it: plain `ffmpeg -i out ...` and
# `ffprobe`, with no timing flags. Clips are made at test time by FFmpeg.
# Needs PINSTRIPE, ffmpeg and ffprobe. Exit 0 pass, 1 fail, 77 skip.
set -uo pipefail
case_name=${1:?usage: output.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"

probe() { ffprobe -v error "$@"; }
encoders=$(ffmpeg -hide_banner -encoders 2>/dev/null)
have_encoder() { grep -q " $1 " <<<"$encoders"; }
W=160 H=120 FB=$((160 * 120 * 3))
# frames of FFmpeg's default reading into raw BGR (constant rate at the stream's rate)
raw_frames() { ffmpeg -hide_banner -v error -nostdin "$@" -f rawvideo -pix_fmt bgr24 - | wc -c | awk -v fb=$FB '{ print $1 / fb }'; }
# frames of FFmpeg's default reading into framemd5 (variable rate: one line a frame)
md5_frames() { ffmpeg -hide_banner -v error -nostdin "$@" -f framemd5 - | grep -vc '^#'; }
# per-frame PSNR of two raw BGR files: the lowest frame's, and the frame counts agree
min_psnr() {
  ffmpeg -hide_banner -v error -nostdin -f rawvideo -pix_fmt bgr24 -s ${W}x$H -i "$1" \
    -f rawvideo -pix_fmt bgr24 -s ${W}x$H -i "$2" -lavfi "psnr=stats_file=$tmp/psnr.log" -f null - ||
    fail "psnr of $1 and $2"
  awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^psnr_avg:/) { split($i, a, ":"); v = a[2] == "inf" ? 999 : a[2] + 0; if (min == "" || v < min) min = v } }
       END { print (min == "" ? 0 : min) }' "$tmp/psnr.log"
}

# where a stream's last packet ends (s): the latest start (pts, else dts) plus its duration
stream_end() {
  probe -select_streams "$2" -show_entries packet=pts_time,dts_time,duration_time -of csv=p=0 "$1" | python3 -c '
import sys
end = 0.0
for line in sys.stdin:
    f = (line.strip().split(",") + ["", "", ""])[:3]
    t = f[0] if f[0] not in ("", "N/A") else f[1]
    if t in ("", "N/A"):
        continue
    end = max(end, float(t) + (float(f[2]) if f[2] not in ("", "N/A") else 0))
print("%.3f" % end)'
}

# ---- timing: every container × one kind of source ---------------------------
# The source's own default reading is the reference: the output, read the same
# way, must give the same number of frames with the same pixels (through -t
# invert: FFmpeg's conversion then its negate filter, PSNR ≥ 35 dB every frame).
timing_matrix() { # $1: what to give pinstripe (args), the reference reading is in $tmp/ref.raw
  local n_ref n_dec rate dur want_tb
  n_ref=$(($(wc -c <"$tmp/ref.raw") / FB)); n_dec=$(cat "$tmp/n_dec"); rate=$(cat "$tmp/rate")
  dur=$(cat "$tmp/dur")
  [ "$n_ref" -gt 0 ] || fail "no reference frames"
  for spec in mp4:libx264 mov:libx264 mkv:rawvideo mkv:libx264 webm:libvpx nut:rawvideo avi:rawvideo avi:mpeg4; do
    local ext=${spec%%:*} codec=${spec#*:} out
    have_encoder "$codec" || { echo "($codec: this FFmpeg lacks it, left out)"; continue; }
    out="$tmp/out-$codec.$ext"
    local extra=(); [ "$codec" = libvpx ] && extra=(--enc-opt deadline=realtime --enc-opt cpu-used=8)
    expect 0 -q --no-display -t invert -c "$codec" "${extra[@]}" -o "$out" "$@"
    # frames: variable-rate reading gives every frame once; constant-rate reading as the source's
    local n_md5 n_raw
    n_md5=$(md5_frames -i "$out"); n_raw=$(raw_frames -i "$out")
    [ "$n_md5" = "$n_dec" ] || fail "$ext/$codec: framemd5 reads $n_md5 frames, the source has $n_dec"
    [ "$n_raw" = "$n_ref" ] || fail "$ext/$codec: default reading gives $n_raw frames, the source's gives $n_ref"
    # the stream's rate, time base and packet durations
    local r tb
    r=$(probe -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$out")
    tb=$(probe -select_streams v:0 -show_entries stream=time_base -of csv=p=0 "$out")
    [ "$r" = "$rate" ] || fail "$ext/$codec: r_frame_rate $r, the source's is $rate"
    if [ "$ext" = avi ]; then
      want_tb=$(awk -F/ '{ print $2 "/" $1 }' <<<"$rate")
      [ "$tb" = "$want_tb" ] || fail "avi/$codec: time base $tb, expected $want_tb (1/rate)"
    fi
    probe -select_streams v:0 -show_entries packet=dts,duration -of csv=p=0 "$out" >"$tmp/pk"
    python3 - "$tmp/pk" "$ext/$codec" <<'PY' || fail "$ext/$codec: packet timing"
import sys
rows = [l.strip().split(",") for l in open(sys.argv[1]) if l.strip()]
dts = [int(r[0]) for r in rows if r[0] not in ("", "N/A")]
dur = [r[1] for r in rows]
assert all(d not in ("", "N/A", "0") for d in dur), "%s: packets without a duration: %s" % (sys.argv[2], dur[:5])
assert all(b > a for a, b in zip(dts, dts[1:])), "%s: dts not increasing" % sys.argv[2]
PY
    # the container's duration: the source's within one frame
    local d
    d=$(probe -show_entries format=duration -of csv=p=0 "$out")
    awk -v a="$d" -v b="$dur" -v r="$rate" 'BEGIN { split(r, q, "/"); exit !(a + 0 > 0 && (a - b < 0 ? b - a : a - b) <= q[2] / q[1] + 0.0005) }' ||
      fail "$ext/$codec: duration $d s, the source's $dur s (rate $rate)"
    # pixels, frame by frame, against FFmpeg's own reading of the source
    ff -i "$out" -f rawvideo -pix_fmt bgr24 "$tmp/got.raw"
    local p; p=$(min_psnr "$tmp/got.raw" "$tmp/ref.raw")
    local floor=40; [ "$codec" = rawvideo ] || floor=30
    echo "$ext/$codec: $n_md5 frames ($n_raw at a constant rate), r_frame_rate $r, tb $tb, duration $d s, lowest frame PSNR $p dB"
    awk -v p="$p" -v f=$floor 'BEGIN { exit !(p >= f) }' || fail "$ext/$codec: a frame's PSNR is $p dB (< $floor): frames out of step?"
  done
  # the exact containers carry the same bytes
  for ext in mkv nut avi; do ff -i "$tmp/out-rawvideo.$ext" -f rawvideo -pix_fmt bgr24 "$tmp/x-$ext.raw"; done
  cmp -s "$tmp/x-mkv.raw" "$tmp/x-nut.raw" && cmp -s "$tmp/x-nut.raw" "$tmp/x-avi.raw" || fail "rawvideo in mkv, nut and avi differ"
}
# what the source says of itself: frames decoded, r_frame_rate, duration, reference pixels
describe_source() {
  probe -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$@" | head -n 1 >"$tmp/n_dec"
  probe -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$@" | head -n 1 >"$tmp/rate"
  probe -show_entries format=duration -of csv=p=0 "$@" >"$tmp/dur"
  ff "$@" -sws_flags accurate_rnd+full_chroma_int+bitexact -vf format=bgr24,negate -f rawvideo "$tmp/ref.raw"
}
# smooth and moving (fixed colours: gradients picks random ones otherwise): the
# conversion matches FFmpeg closely, a frame out of step does not
clip() { ff -f lavfi -i gradients=size=${W}x$H:rate=25:duration=1.2:speed=0.1:c0=0x203080:c1=0xd0a040:nb_colors=2:x0=10:y0=10:x1=150:y1=110 "$@"; }

case $case_name in
timing_mp4) clip -c:v libx264 "$tmp/in.mp4"; describe_source -i "$tmp/in.mp4"; timing_matrix "$tmp/in.mp4" ;;
timing_mkv) clip -c:v libx264 "$tmp/in.mkv"; describe_source -i "$tmp/in.mkv"; timing_matrix "$tmp/in.mkv" ;;
timing_nut) clip -c:v mpeg4 -q:v 2 "$tmp/in.nut"; describe_source -i "$tmp/in.nut"; timing_matrix "$tmp/in.nut" ;;
timing_avi) clip -c:v mpeg4 -q:v 2 "$tmp/in.avi"; describe_source -i "$tmp/in.avi"; timing_matrix "$tmp/in.avi" ;;
timing_vfr)
  # every fifth frame left out, the others keep their times: 24 frames over 1.2 s
  clip -vf "select='not(eq(mod(n\,5)\,2))'" -fps_mode vfr -c:v libx264 "$tmp/in.mkv"
  describe_source -i "$tmp/in.mkv"
  [ "$(cat "$tmp/n_dec")" = 24 ] || fail "the variable-rate clip has $(cat "$tmp/n_dec") frames"
  timing_matrix "$tmp/in.mkv" ;;
timing_lavfi)
  src=gradients=size=${W}x$H:rate=25:duration=1.2:speed=0.1:c0=0x203080:c1=0xd0a040:nb_colors=2:x0=10:y0=10:x1=150:y1=110
  describe_source -f lavfi -i "$src"
  echo 1.200000 >"$tmp/dur" # lavfi reports no duration; 30 frames at 25 fps
  timing_matrix -f lavfi "$src" ;;
timing_live)
  # a live source (read at its own rate, newest frame first): what is written keeps
  # the capture's timing, the measured rate, and every frame that was kept
  src=testsrc2=size=${W}x$H:rate=25
  for ext in mp4 mkv nut avi; do
    codec=rawvideo; [ $ext = mp4 ] && codec=libx264
    expect 0 -v --live -f lavfi --no-display --frames 30 -c $codec --stats "$tmp/s.json" -o "$tmp/live.$ext" "$src"
    n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['frames']))" "$tmp/s.json")
    drops=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['summary']['dropped'])" "$tmp/s.json")
    m=$(md5_frames -i "$tmp/live.$ext"); r=$(probe -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$tmp/live.$ext")
    echo "live → $ext: $n written ($drops dropped), framemd5 reads $m, r_frame_rate $r"
    [ "$m" = "$n" ] || fail "live → $ext: framemd5 reads $m frames, $n were written"
    [ "$r" = 25/1 ] || fail "live → $ext: r_frame_rate $r, expected 25/1"
    if [ "$drops" = 0 ]; then # nothing dropped: every frame in place, the default reading too
      [ "$(raw_frames -i "$tmp/live.$ext")" = 30 ] || fail "live → $ext: default reading gives $(raw_frames -i "$tmp/live.$ext") frames"
    fi
  done ;;

audio_aac|audio_opus|audio_pcm)
  # audio copied packet for packet over the written span, in step with the video
  case $case_name in
  audio_aac) acodec=aac ext=mp4 vcodec=libx264 ;;
  audio_opus) acodec=libopus ext=mkv vcodec=libx264 ;;
  audio_pcm) acodec=pcm_s16le ext=avi vcodec=mpeg4 ;;
  esac
  have_encoder $acodec || { echo "no $acodec encoder: skipped"; exit 77; }
  ff -f lavfi -i testsrc2=size=${W}x$H:rate=25:duration=4 -f lavfi -i sine=frequency=440:sample_rate=48000:duration=4 \
     -c:v $vcodec -c:a $acodec -b:a 96k "$tmp/in.$ext"
  apk() { ffmpeg -hide_banner -v error -nostdin -i "$1" -map 0:a -c copy -f framemd5 - | grep -v '^#' | awk -F, '{ gsub(/ /, "", $6); print $6 }'; }
  apk "$tmp/in.$ext" >"$tmp/in.md5"
  sdur() { probe -select_streams "$2" -show_entries stream=duration -of csv=p=0 "$1"; }
  check_av() { # $1 file: audio and video end within 0.1 s of each other
    local a v; a=$(stream_end "$1" a:0); v=$(stream_end "$1" v:0)
    echo "$1: audio ends at $a s, video at $v s"
    awk -v a="$a" -v v="$v" 'BEGIN { d = a - v; exit !(v > 0 && d <= 0.1 && d >= -0.1) }' || fail "$1: audio ends at $a s, video at $v s: more than 0.1 s apart"
  }
  expect 0 -q --no-display -t sepia -o "$tmp/out.$ext" "$tmp/in.$ext"
  apk "$tmp/out.$ext" >"$tmp/out.md5"
  [ -s "$tmp/out.md5" ] || fail "no audio in the output"
  cmp -s "$tmp/in.md5" "$tmp/out.md5" || fail "audio packets differ: $(wc -l <"$tmp/out.md5") out, $(wc -l <"$tmp/in.md5") in"
  echo "whole file: $(wc -l <"$tmp/out.md5") audio packets, byte for byte"
  check_av "$tmp/out.$ext"
  # --frames: the audio ends with the video, its packets the input's first ones
  expect 0 -q --no-display --frames 40 -o "$tmp/part.$ext" "$tmp/in.$ext"
  apk "$tmp/part.$ext" >"$tmp/part.md5"
  k=$(wc -l <"$tmp/part.md5")
  [ "$k" -gt 0 ] && [ "$k" -lt "$(wc -l <"$tmp/in.md5")" ] || fail "--frames 40: $k audio packets"
  head -n "$k" "$tmp/in.md5" | cmp -s - "$tmp/part.md5" || fail "--frames 40: audio packets are not the input's first $k"
  check_av "$tmp/part.$ext"
  # -an: no audio stream
  expect 0 -q --no-display -an -o "$tmp/silent.$ext" "$tmp/in.$ext"
  [ -z "$(probe -select_streams a -show_entries stream=index -of csv=p=0 "$tmp/silent.$ext")" ] || fail "-an kept audio"
  ;;

audio_long_mkv)
  # a two-second H.264 video with two minutes of AAC in Matroska: the read thread
  # hands the writer thousands of audio packets before the first frame is
  # placed; they wait for it (before, all but the last 1,457 of 5,169 were lost)
  ff -f lavfi -i testsrc=d=2:s=${W}x$H:r=25 -f lavfi -i sine=f=440:d=120 -map 0 -map 1 \
     -c:v libx264 -c:a aac "$tmp/in.mkv"
  for ext in mkv mov; do
    expect 0 -q --no-display --backend cpu -o "$tmp/out.$ext" "$tmp/in.mkv"
    apk() { ffmpeg -hide_banner -v error -nostdin -i "$1" -map 0:a -c copy -f framemd5 - | grep -v '^#' | awk -F, '{ gsub(/ /, "", $6); print $6 }'; }
    n_in=$(apk "$tmp/in.mkv" | wc -l) n_out=$(apk "$tmp/out.$ext" | wc -l)
    cmp -s <(apk "$tmp/in.mkv") <(apk "$tmp/out.$ext") || fail "$ext: $n_out of $n_in audio packets copied, or they differ"
    echo "$ext: all $n_out audio packets copied"
  done
  ;;
audio_after_video)
  # a one-second video whose sound runs on for minutes: every audio packet is
  # copied, and the read thread's queues stay bounded (SOURCE_MAX_BYTES): the
  # peak memory of a 10-minute file is within 8 MB of a 5-minute one's (before
  # the writer's copies were taken on their own thread, it grew with the file)
  for m in 300 600; do
    ff -f lavfi -i testsrc2=size=${W}x$H:rate=25:duration=1 -f lavfi -i sine=duration=$m:sample_rate=48000 \
       -ac 2 -c:v libx264 -c:a pcm_s16le "$tmp/in$m.mov"
  done
  peak=$(python3 - "$bin" "$tmp" <<'PY'
import resource, subprocess, sys
bin, tmp = sys.argv[1:3]
out = []
for m in (300, 600):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run([bin, "-q", "--no-display", "--backend", "cpu", "-c", "ffv1", "-o",
                    f"{tmp}/out{m}.mkv", f"{tmp}/in{m}.mov"], check=True)
    out.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(*out)
PY
  ) || fail "a run failed"
  read -r p300 p600 <<<"$peak"
  apk() { ffmpeg -hide_banner -v error -nostdin -i "$1" -map 0:a -c copy -f framemd5 - | grep -v '^#' | awk -F, '{ gsub(/ /, "", $6); print $6 }'; }
  cmp -s <(apk "$tmp/in600.mov") <(apk "$tmp/out600.mkv") || fail "the audio packets of the 10-minute file differ"
  echo "peak RSS: 5 min of sound $p300 kB, 10 min $p600 kB; every audio packet copied"
  if [ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]; then
    echo "(under a sanitizer, whose quarantine grows memory: not judged)"
  else
    [ "$p600" -le $((p300 + 8192)) ] || fail "memory grew with the sound's length: $p300 -> $p600 kB"
  fi
  ;;

audio_sigint)
  # SIGINT while writing: the file is finished and its audio ends with its video.
  # --realtime: read at the file's own rate, so the run is still going when the
  # signal comes (unpaced, a fast machine wrote all 120 s in 1.9 s, before it)
  ff -f lavfi -i testsrc2=size=320x240:rate=25:duration=120 -f lavfi -i sine=duration=120 \
     -c:v ffv1 -c:a aac "$tmp/in.mkv"
  "$bin" --no-display --realtime -c rawvideo -o "$tmp/out.mkv" "$tmp/in.mkv" 2>"$tmp/err" & pid=$!
  sleep 2; kill -INT $pid; wait $pid; rc=$?
  [ "$rc" = 130 ] || { cat "$tmp/err" >&2; fail "SIGINT: exit $rc"; }
  ffmpeg -hide_banner -v error -xerror -i "$tmp/out.mkv" -f null - || fail "interrupted output is damaged"
  a=$(stream_end "$tmp/out.mkv" a:0); v=$(stream_end "$tmp/out.mkv" v:0)
  echo "interrupted: audio ends at $a s, video at $v s"
  awk -v a="$a" -v v="$v" 'BEGIN { exit !(v > 0.5 && a - v <= 0.1 && v - a <= 0.1) }' || fail "audio $a s, video $v s"
  ;;

subtitles)
  # subtitles are copied where the container takes them; where it does not, one line says so
  printf '1\n00:00:00,200 --> 00:00:01,000\nhello\n\n2\n00:00:01,200 --> 00:00:01,800\nworld\n' >"$tmp/s.srt"
  ff -f lavfi -i testsrc2=size=${W}x$H:rate=25:duration=2 -f lavfi -i sine=duration=2 -i "$tmp/s.srt" \
     -map 0 -map 1 -map 2 -c:v libx264 -c:a aac -c:s srt "$tmp/in.mkv"
  expect 0 --no-display -o "$tmp/out.mkv" "$tmp/in.mkv"
  kinds=$(probe -show_entries stream=codec_type -of csv=p=0 "$tmp/out.mkv" | tr '\n' ' ')
  [ "$kinds" = "video audio subtitle " ] || fail "streams in the mkv: $kinds"
  a=$(ffmpeg -v error -i "$tmp/in.mkv" -map 0:s -c copy -f framemd5 - | grep -v '^#' | awk -F, '{ print $6 }')
  b=$(ffmpeg -v error -i "$tmp/out.mkv" -map 0:s -c copy -f framemd5 - | grep -v '^#' | awk -F, '{ print $6 }')
  [ -n "$a" ] && [ "$a" = "$b" ] || fail "subtitle packets differ"
  # on the video's timeline as in the input: 0.2 s and 1.2 s after the first frame
  v0=$(probe -select_streams v:0 -show_entries frame=pts_time -of csv=p=0 "$tmp/out.mkv" | head -n 1)
  st=$(probe -select_streams s:0 -show_entries packet=pts_time -of csv=p=0 "$tmp/out.mkv" | awk -v v="$v0" '{ printf "%.3f ", $1 - v }')
  echo "subtitles at $st s from the first frame"
  [ "$st" = "0.200 1.200 " ] || fail "subtitles at $st s from the first frame, expected 0.200 1.200"
  expect 0 --no-display -o "$tmp/out.mp4" "$tmp/in.mkv"
  grep -q "left out subtitle stream #2 (subrip): the mp4 container does not take it" "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "no line about the subtitle stream left out of the mp4"; }
  kinds=$(probe -show_entries stream=codec_type -of csv=p=0 "$tmp/out.mp4" | tr '\n' ' ')
  [ "$kinds" = "video audio " ] || fail "streams in the mp4: $kinds"
  expect 0 --no-display -sn -o "$tmp/nosub.mkv" "$tmp/in.mkv"
  kinds=$(probe -show_entries stream=codec_type -of csv=p=0 "$tmp/nosub.mkv" | tr '\n' ' ')
  [ "$kinds" = "video audio " ] || fail "-sn: streams $kinds"
  grep -q "left out" "$tmp/err" && fail "-sn still says a stream was left out"
  ;;

yuv_output)
  # file to file, the stage makes the encoder's 4:2:0 (BT.709 from 720 rows up, BT.601
  # below, limited range, tagged): against FFmpeg's accurate conversion of the same BGR
  # frames, PSNR ≥ 45 dB; stripes do not change a byte; --enc-path bgr (swscale) agrees
  for size in 1280x720:bt709:bt709 640x480:bt601:smpte170m; do
    IFS=: read -r sz m tag <<<"$size"
    ff -f lavfi -i testsrc2=size=$sz:rate=25:duration=0.4 -pix_fmt bgr24 -c:v rawvideo "$tmp/in.nut"
    ff -i "$tmp/in.nut" -vf "negate,scale=out_color_matrix=$m:out_range=tv:flags=accurate_rnd,format=yuv420p" -f rawvideo "$tmp/ref.yuv"
    for path in yuv bgr; do
      for s in 1 3 8; do
        expect 0 -q --no-display -t invert --stripes $s --enc-path $path -c ffv1 -o "$tmp/out.mkv" "$tmp/in.nut"
        got=$(probe -select_streams v:0 -show_entries stream=pix_fmt,color_range,color_space -of csv=p=0 "$tmp/out.mkv")
        [ "$got" = "yuv420p,tv,$tag" ] || fail "$sz --enc-path $path: stream is $got, expected yuv420p,tv,$tag"
        ff -i "$tmp/out.mkv" -f rawvideo -pix_fmt yuv420p "$tmp/$path-$s.yuv"
        [ "$s" = 1 ] || cmp -s "$tmp/$path-1.yuv" "$tmp/$path-$s.yuv" || fail "$sz --enc-path $path: $s stripes differ from 1"
      done
      p=$(ffmpeg -hide_banner -nostdin -f rawvideo -pix_fmt yuv420p -s $sz -i "$tmp/$path-1.yuv" \
            -f rawvideo -pix_fmt yuv420p -s $sz -i "$tmp/ref.yuv" -lavfi psnr -f null - 2>&1 |
          sed -n 's/.*PSNR.* average:\([0-9.inf]*\).*/\1/p' | tail -n 1)
      echo "$sz --enc-path $path: $tag, PSNR $p dB against FFmpeg's conversion"
      awk -v p="$p" 'BEGIN { exit !(p == "inf" || p >= 45) }' || fail "$sz --enc-path $path: PSNR $p dB < 45"
    done
    cmp -s "$tmp/yuv-1.yuv" "$tmp/bgr-1.yuv" && fail "$sz: --enc-path yuv gave swscale's bytes (was the stage's path taken?)"
  done
  # -c rawvideo still stores exact BGR
  expect 0 -q --no-display -t invert -c rawvideo -o "$tmp/raw.nut" "$tmp/in.nut"
  [ "$(probe -show_entries stream=pix_fmt -of csv=p=0 "$tmp/raw.nut")" = bgr24 ] || fail "-c rawvideo is not bgr24"
  # --overlay burned in: drawn on the BGR frame before swscale converts it; the
  # rest of the picture is the BGR path's (640x480 from the loop above)
  expect 0 -q --no-display -t invert --overlay -c ffv1 -o "$tmp/ov.mkv" "$tmp/in.nut"
  ff -i "$tmp/ov.mkv" -f rawvideo -pix_fmt yuv420p "$tmp/ov.yuv"
  python3 - "$tmp/ov.yuv" "$tmp/bgr-1.yuv" <<'PY' || fail "--overlay in the file"
import sys
w, h = 640, 480
a, b = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
assert len(a) == len(b), (len(a), len(b))
rows = [y for y in range(h) if a[y * w:(y + 1) * w] != b[y * w:(y + 1) * w]]  # first frame's luma
assert rows, "the overlay is not in the file"
assert max(rows) < 240, "the file differs beyond the overlay's corner, text and graph (row %d)" % max(rows)
print("--overlay: rows", min(rows), "to", max(rows), "differ from the plain BGR path, nothing else")
PY
  ;;

encoder_settings)
  have_encoder libx264 || { echo "no libx264: skipped"; exit 77; }
  ff -f lavfi -i testsrc2=size=320x240:rate=25:duration=2 -c:v ffv1 "$tmp/in.mkv"
  expect 0 -q --no-display -crf 40 -preset ultrafast -o "$tmp/small.mp4" "$tmp/in.mkv"
  expect 0 -q --no-display -crf 10 -preset ultrafast -o "$tmp/big.mp4" "$tmp/in.mkv"
  s=$(stat -c %s "$tmp/small.mp4"); b=$(stat -c %s "$tmp/big.mp4")
  echo "-crf 40: $s bytes, -crf 10: $b bytes"
  [ "$s" -lt $((b / 2)) ] || fail "-crf 40 is not much smaller than -crf 10"
  probe -show_entries format_tags=encoder -show_entries stream_tags -of default "$tmp/small.mp4" >/dev/null
  # the encoder's own record of its settings (x264 writes them into the stream)
  strings "$tmp/small.mp4" | grep -q 'crf=40' || fail "x264 did not get crf=40"
  strings "$tmp/small.mp4" | grep -q 'subme=0' || fail "x264 did not get the ultrafast preset"
  expect 0 -q --no-display -g 10 --enc-opt bf=0 -o "$tmp/g.mp4" "$tmp/in.mkv"
  keys=$(probe -select_streams v:0 -show_entries packet=flags -of csv=p=0 "$tmp/g.mp4" | grep -n K | cut -d: -f1 | tr '\n' ' ')
  [ "$keys" = "1 11 21 31 41 " ] || fail "-g 10: keyframes at packets $keys"
  expect 0 -q --no-display -b:v 50k -o "$tmp/rate.mp4" "$tmp/in.mkv"
  br=$(probe -show_entries format=bit_rate -of csv=p=0 "$tmp/rate.mp4")
  echo "-b:v 50k: $br bit/s"
  [ "$br" -lt 150000 ] || fail "-b:v 50k gave $br bit/s"
  # refused before any work: one line naming the option and the encoder, exit 1
  expect 1 --no-display -c mpeg4 -crf 20 -o "$tmp/x.avi" "$tmp/in.mkv"; one_line "-crf: the mpeg4 encoder has no option 'crf'"
  expect 1 --no-display --enc-opt nosuch=1 -o "$tmp/x.mp4" "$tmp/in.mkv"; one_line "the libx264 encoder has no option 'nosuch'"
  expect 1 --no-display --enc-opt novalue -o "$tmp/x.mp4" "$tmp/in.mkv"; one_line "'novalue' is not KEY=VALUE"
  expect 1 --no-display -preset warp9 -o "$tmp/x.mp4" "$tmp/in.mkv"; one_line "-preset warp9: the libx264 encoder refused it"
  expect 1 --no-display -crf 20 --enc-opt tune=nosuchtune -o "$tmp/x.mp4" "$tmp/in.mkv"; one_line "--enc-opt tune=nosuchtune: the libx264 encoder refused it"
  expect 1 --no-display -crf abc -o "$tmp/x.mp4" "$tmp/in.mkv"; one_line "crf"
  [ ! -e "$tmp/x.mp4" ] || fail "a refused setting still created the file"
  ;;

progress)
  ff -f lavfi -i testsrc2=size=320x240:rate=25:duration=4 -c:v ffv1 "$tmp/in.mkv"
  expect 0 --no-display --progress-every 1 -c rawvideo -o "$tmp/out.nut" "$tmp/in.mkv"
  grep -E '^frame= *[0-9]+ fps= *[0-9.]+ time=[0-9:.]+ / 00:00:04.00 speed=[0-9.e+]+x( eta=[0-9:]+)?$' "$tmp/err" | tail -n 2
  n=$(grep -cE '^frame= *[0-9]+ fps=.* time=.* speed=' "$tmp/err")
  [ "$n" -ge 2 ] || { cat "$tmp/err" >&2; fail "expected progress lines, got $n"; }
  grep -qE '^frame= *100 fps=.* time=00:00:03.96 / 00:00:04.00' "$tmp/err" || { cat "$tmp/err" >&2; fail "no final progress line for 100 frames"; }
  grep -q $'\r' "$tmp/err" && fail "carriage returns in a log (stderr is not a terminal)"
  expect 0 -q --no-display -c rawvideo -o "$tmp/out.nut" "$tmp/in.mkv"
  [ ! -s "$tmp/err" ] || fail "-q printed: $(cat "$tmp/err")"
  if command -v script >/dev/null; then # a terminal: one line, rewritten in place
    script -qec "'$bin' --no-display --progress-every 1 -c rawvideo -o '$tmp/tty.nut' '$tmp/in.mkv'" /dev/null >"$tmp/tty.txt" </dev/null
    r=$(tr -cd '\r' <"$tmp/tty.txt" | wc -c)
    echo "on a terminal: $r carriage returns"
    [ "$r" -ge 2 ] || fail "on a terminal the line is not rewritten in place"
  fi
  # --progress-format json (-q: nothing else on stderr), with -o -: every line parses,
  # frames rise, the last says done with the count, the status and the bytes that
  # came out; standard output holds the video alone (100 frames read back)
  "$bin" -q --no-display --progress-format json --progress-every 1 -c rawvideo -o - "$tmp/in.mkv" \
    2>"$tmp/p.json" >"$tmp/pipe.nut" || fail "json progress to stderr, -o -: exit $?"
  [ "$(ffprobe -v error -count_frames -show_entries stream=nb_read_frames -of csv=p=0 "$tmp/pipe.nut")" = 100 ] ||
    fail "-o - with json progress: the video on stdout does not read back"
  check_json() { # $1: the progress file, $2: the status, $3: total_frames (null: unknown), $4: the video file
    python3 - "$@" <<'PY' || fail "json progress ($1)"
import json, os, sys
lines = open(sys.argv[1]).read().splitlines()
objs = [json.loads(l) for l in lines]
frames = [o["frame"] for o in objs]
last = objs[-1]
print(len(objs), "lines; the last:", lines[-1])
assert len(objs) >= 3 and frames == sorted(frames), "frames do not rise"
assert all(set(o) >= {"frame", "total_frames", "out_time", "fps", "speed", "bytes", "eta"} for o in objs)
assert not any(o.get("done") for o in objs[:-1]) and last["done"] is True
assert last["status"] == int(sys.argv[2]) and last["frame"] == 100
assert all(o["total_frames"] == json.loads(sys.argv[3]) for o in objs), "total_frames"
if int(sys.argv[2]) == 0:
    assert last["bytes"] == os.path.getsize(sys.argv[4]), (last["bytes"], os.path.getsize(sys.argv[4]))
PY
  }
  check_json "$tmp/p.json" 0 null "$tmp/pipe.nut" # (Matroska does not say its frame count)
  # from an MP4 (its count known) into a file, an .mkv; a run whose writes fail
  # (exit 3) still ends with its done line
  ff -i "$tmp/in.mkv" -c:v libx264 -preset ultrafast "$tmp/in.mp4"
  expect 0 --no-display --progress-format json --progress "$tmp/q.json" --progress-every 1 -o "$tmp/o.mkv" "$tmp/in.mp4"
  check_json "$tmp/q.json" 0 100 "$tmp/o.mkv"
  grep -q '"frame"' "$tmp/err" && fail "--progress FILE: json on stderr too"
  expect 3 --no-display --progress-format json --progress "$tmp/r.json" --progress-every 1 \
    --output-format nut -o /dev/full "$tmp/in.mkv"
  check_json "$tmp/r.json" 3 null
  expect 1 --no-display --progress-format xml -o "$tmp/x.mkv" "$tmp/in.mkv"; one_line "--progress-format"
  expect 1 --no-display --progress-format json "$tmp/in.mkv"; one_line "give -o"
  expect 3 --no-display --progress "$tmp/none/p.json" -o "$tmp/x.mkv" "$tmp/in.mkv"; one_line "--progress"
  # never over the input, -o, or the video on standard output (found by a helper's attack)
  cp "$tmp/in.mp4" "$tmp/keep.mp4"
  expect 1 --no-display --progress "$tmp/keep.mp4" -o "$tmp/x.mkv" "$tmp/keep.mp4"; one_line "the same file as the input"
  cmp -s "$tmp/in.mp4" "$tmp/keep.mp4" || fail "--progress over the input changed it"
  expect 1 --no-display --progress-format json --progress "$tmp/o.mkv" -o "$tmp/o.mkv" "$tmp/in.mp4"; one_line "the same file as -o"
  "$bin" --no-display --progress-format json --progress /dev/stdout -o - "$tmp/in.mp4" 2>"$tmp/err" >"$tmp/std.nut"
  [ $? = 1 ] && [ ! -s "$tmp/std.nut" ] && grep -q "standard output" "$tmp/err" || fail "--progress /dev/stdout with -o -: $(cat "$tmp/err")"
  ;;

depth_files)
  # issue 23: -o writes the source's depth where the encoder takes it (--out-depth
  # chooses), tagged for what the pixels are; plain ffmpeg reads every frame back.
  # issue 24: HDR sources are tone-mapped by default (BT.709 SDR files); --tone-mapping
  # none keeps them HDR, tags and all.
  # 64x48, below 720 rows: an untagged source's matrix is BT.601 (smpte170m).
  clip5() { ff -f lavfi -i testsrc2=size=64x48:rate=25:duration=0.2 -pix_fmt "$@"; }
  clip5 yuv420p10le -color_primaries bt709 -color_trc bt709 -colorspace bt709 -color_range tv -c:v ffv1 "$tmp/s709.mkv"
  clip5 yuv420p10le -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc -color_range tv -c:v ffv1 "$tmp/hlg.mkv"
  clip5 yuv420p10le -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -color_range tv -c:v ffv1 "$tmp/pq.mkv"
  clip5 yuv420p -color_primaries bt709 -color_trc bt709 -colorspace bt709 -color_range tv -c:v ffv1 "$tmp/s8.mkv"
  clip5 yuv420p -c:v ffv1 "$tmp/s8plain.mkv"
  t709=tv,bt709,bt709,bt709 thlg=tv,bt2020nc,arib-std-b67,bt2020 tpq=tv,bt2020nc,smpte2084,bt2020
  # source, encoder, file, expected pix_fmt,range,space,transfer,primaries, options
  while read -r src codec out want opts; do
    have_encoder "$codec" || { echo "($codec: this FFmpeg lacks it, left out)"; continue; }
    want=${want//T709/$t709}; want=${want//THLG/$thlg}; want=${want//TPQ/$tpq}
    # shellcheck disable=SC2086
    expect 0 -q --no-display -c "$codec" $opts -o "$tmp/$out" "$tmp/$src"
    got=$(probe -select_streams v:0 -show_entries stream=pix_fmt,color_range,color_space,color_transfer,color_primaries -of csv=p=0 "$tmp/$out")
    ffmpeg -hide_banner -nostdin -i "$tmp/$out" -f null - >/dev/null 2>"$tmp/dec" </dev/null ||
      { cat "$tmp/dec" >&2; fail "$out: ffmpeg cannot read it"; }
    n=$(tr '\r' '\n' <"$tmp/dec" | sed -n 's/^frame= *\([0-9]*\).*/\1/p' | tail -n 1)
    echo "$src -c $codec ${opts:+$opts }→ $out: $got, $n frames"
    [ "$got" = "$want" ] || fail "$src -c $codec $opts → $out: $got, expected $want"
    [ "$n" = 5 ] || fail "$out: plain ffmpeg decodes $n frames of 5"
  done <<'CASES'
s709.mkv libx264 x264.mp4 yuv420p10le,T709
hlg.mkv libx264 x264-hlg.mkv yuv420p10le,T709
s709.mkv libx264 x264-8.mp4 yuv420p,T709 --out-depth 8
hlg.mkv libx265 x265-10.mkv yuv420p10le,THLG --out-depth 10 --tone-mapping none
pq.mkv libx265 x265-12.mp4 yuv420p12le,TPQ --out-depth 12 --tone-mapping none
s709.mkv libx265 x265-12.mkv yuv420p12le,T709 --out-depth 12
s709.mkv prores_ks prores.mov yuv422p10le,T709
pq.mkv prores_ks prores-pq.mov yuv422p10le,T709
hlg.mkv ffv1 ffv1.mkv yuv420p10le,THLG --tone-mapping none
s709.mkv ffv1 ffv1-16.mkv yuv420p16le,T709 --out-depth 16
pq.mkv ffv1 ffv1-rgb.mkv yuv420p10le,TPQ --enc-path bgr --tone-mapping none
pq.mkv ffv1 ffv1-sdr.mkv yuv420p10le,T709
s709.mkv rawvideo raw.nut rgb48le,unknown,unknown,unknown,unknown
s709.mkv rawvideo raw8.mkv bgr24,pc,gbr,bt709,bt709
s8.mkv libx264 x264-s8.mp4 yuv420p,T709
s8plain.mkv libx264 x264-plain.mp4 yuv420p,tv,smpte170m,unknown,unknown
s8.mkv ffv1 ffv1-s8.mkv yuv420p,T709
CASES
  # NUT keeps no colour properties (its raw rgb48le reads back untagged); Matroska's
  # VFW and AVI have no tag for 16-bit raw RGB, so rawvideo there stays bgr24.
  # The pixels: a smooth 10-bit clip (testsrc2's sharp colour edges leave the RGB
  # gamut at 4:2:0 and are clipped on the way) through -t none comes back within
  # 1 LSB of 10 bits, by the stage's own 4:2:0 and by the RGB path (swscale, as
  # with a window) alike, and not at 8 bits' precision.
  ff -f lavfi -i gradients=size=64x48:rate=25:duration=0.2:speed=0.1:c0=0x203080:c1=0xd0a040:nb_colors=2:x0=4:y0=4:x1=60:y1=44 \
     -pix_fmt yuv420p10le -color_primaries bt709 -color_trc bt709 -colorspace bt709 -color_range tv -c:v ffv1 "$tmp/g.mkv"
  ff -i "$tmp/g.mkv" -f rawvideo -pix_fmt yuv420p10le "$tmp/g.yuv"
  for path in yuv bgr; do
    expect 0 -q --no-display -t none -c ffv1 --enc-path $path -o "$tmp/g-$path.mkv" "$tmp/g.mkv"
    [ "$(probe -show_entries stream=pix_fmt -of csv=p=0 "$tmp/g-$path.mkv")" = yuv420p10le ] || fail "--enc-path $path: not yuv420p10le"
    ff -i "$tmp/g-$path.mkv" -f rawvideo -pix_fmt yuv420p10le "$tmp/g-$path.yuv"
    python3 - "$tmp/g.yuv" "$tmp/g-$path.yuv" "$path" <<'PY' || fail "--enc-path $path: the 10-bit file is not the source's pixels"
import sys
from array import array
a, b = array("H"), array("H")
a.frombytes(open(sys.argv[1], "rb").read()); b.frombytes(open(sys.argv[2], "rb").read())
assert len(a) == len(b) == 5 * 64 * 48 * 3 // 2, (len(a), len(b))
d = max(abs(x - y) for x, y in zip(a, b))
low = sum(1 for y in b if y % 4)
print("-t none --enc-path %s: %d samples, largest difference %d (10-bit LSB), %d not multiples of 4" % (sys.argv[3], len(b), d, low))
assert d <= 1, "a sample is %d LSB off" % d
assert low > len(b) // 2, "the low two bits are mostly zero: 8-bit precision?"
PY
  done
  ;;

depth_errors)
  # bad values and depths an encoder does not write: one line, exit 1, no file
  ff -f lavfi -i testsrc2=size=64x48:rate=25:duration=0.2 -pix_fmt yuv420p10le -c:v ffv1 "$tmp/in.mkv"
  for v in 9 7 foo; do
    expect 1 --no-display --out-depth $v -o "$tmp/x.mkv" "$tmp/in.mkv"; one_line "--out-depth"
  done
  expect 1 --no-display --out-depth 10 "$tmp/in.mkv"; one_line "there is no -o"
  if have_encoder libx264; then
    expect 1 --no-display --out-depth 12 -c libx264 -o "$tmp/x.mp4" "$tmp/in.mkv"
    one_line "--out-depth 12: libx264 writes 8 or 10 bits (yuv420p,"
  fi
  expect 1 --no-display --out-depth 10 -c mpeg4 -o "$tmp/x.avi" "$tmp/in.mkv"; one_line "mpeg4 writes 8 bits (yuv420p)"
  if have_encoder prores_ks; then
    expect 1 --no-display --out-depth 8 -c prores_ks -o "$tmp/x.mov" "$tmp/in.mkv"; one_line "prores_ks writes 10 bits (yuv422p10le"
  fi
  expect 1 --no-display --out-depth 16 -c rawvideo -o "$tmp/x.mkv" "$tmp/in.mkv"; one_line "in .nut also 16 (rgb48le)"
  expect 1 --no-display --out-depth 16 --overlay -c ffv1 -o "$tmp/x.mkv" "$tmp/in.mkv"; one_line "--overlay"
  ls "$tmp"/x.* >/dev/null 2>&1 && fail "a refused depth still created a file: $(ls "$tmp"/x.*)"
  echo "every refusal: one line, exit 1, no file"
  ;;

*) fail "unknown case $case_name" ;;
esac
echo "PASS $case_name"
