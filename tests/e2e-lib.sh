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
# stderr must be exactly one line, mentioning $1
one_line() {
  [ "$(wc -l <"$tmp/err")" = 1 ] || { cat "$tmp/err" >&2; fail "expected one line of error"; }
  grep -qF -- "$1" "$tmp/err" || { cat "$tmp/err" >&2; fail "error does not mention '$1'"; }
}
