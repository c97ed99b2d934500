# Sourced by the end-to-end scripts (e2e.sh, output.sh) after `case_name=$1`:
# a fresh $tmp for the case, no display, and the helpers they share.
# Needs PINSTRIPE (the binary), ffmpeg and ffprobe.
bin=${PINSTRIPE:?set PINSTRIPE to the pinstripe binary}
tmp=${E2E_TMP:-/tmp/pinstripe-e2e}/$case_name
rm -rf "$tmp" && mkdir -p "$tmp"
unset DISPLAY WAYLAND_DISPLAY

fail() { echo "FAIL: $*" >&2; exit 1; }
ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@" || fail "ffmpeg $*"; }
# run pinstripe, expecting exit code $1; its stderr goes to $tmp/err
expect() {
  local want=$1; shift
  "$bin" "$@" 2>"$tmp/err" >"$tmp/out"; local rc=$?
  [ "$rc" = "$want" ] || { cat "$tmp/err" >&2; fail "pinstripe $* exited $rc, expected $want"; }
}
# Window cases: Xvfb with a WxH screen ($1) as DISPLAY, killed at exit; skips
# (77) without Xvfb or xdotool
xvfb_start() {
  command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { echo "no Xvfb/xdotool: skipped"; exit 77; }
  exec 3>"$tmp/displayfd"
  Xvfb -displayfd 3 -screen 0 "$1x24" -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
  xvfb=$!; trap 'kill $xvfb 2>/dev/null' EXIT
  for _ in $(seq 50); do [ -s "$tmp/displayfd" ] && break; sleep 0.1; done
  export DISPLAY=:$(head -n 1 "$tmp/displayfd")
  screen=$1
}
# a screenshot of the whole Xvfb screen as raw RGB, into $1
shot() { ffmpeg -hide_banner -loglevel error -y -f x11grab -draw_mouse 0 -video_size $screen -i "$DISPLAY" -frames:v 1 -f rawvideo -pix_fmt rgb24 "$1"; }
# start pinstripe with "$@" in the background, wait for its window: sets pid, wid
start() {
  "$bin" "$@" 2>"$tmp/err" & pid=$!
  wid=$(timeout 20 xdotool search --sync --name '^pinstripe$' | head -n 1)
  [ -n "$wid" ] || { kill $pid 2>/dev/null; cat "$tmp/err" >&2; fail "no pinstripe window appeared"; }
  sleep 1
}
# send keys to the window, then expect exit 0 within 10 s
finish() {
  xdotool key --window "$wid" "$@" 2>/dev/null
  for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "still running 10 s after '$*'"; }
  wait $pid; local rc=$?
  [ "$rc" = 0 ] || { cat "$tmp/err" >&2; fail "'$*' exit $rc, expected 0"; }
}
# stderr must be exactly one line, mentioning $1
one_line() {
  [ "$(wc -l <"$tmp/err")" = 1 ] || { cat "$tmp/err" >&2; fail "expected one line of error"; }
  grep -qF -- "$1" "$tmp/err" || { cat "$tmp/err" >&2; fail "error does not mention '$1'"; }
}
