#!/usr/bin/env bash
# Looks by name (issue 28, item 2), with XDG_CONFIG_HOME a temporary folder.
#   byname  -t look=NAME finds a 3D and a 1D .cube of the user's and gives the
#           frames lut3d=file= / lut1d=file= give (mix= too); the current folder
#           comes first, then the user's, then the installed looks; --list-looks
#           lists each with its folder and kind; a name found nowhere, a path for
#           a name, a 1D look with a 3D interpolation: one line, exit 1
#   cycle   20 looks of the user's (and one that cannot be read): t, from -t none,
#           reaches each of them, then the installed looks, then the plain
#           transforms, and back to -t (the notes said on standard error)
case_name=${1:?usage: looks.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
export XDG_CONFIG_HOME=$tmp/conf
mine=$tmp/conf/pinstripe/looks
mkdir -p "$mine" "$tmp/here"
assets=$(cd "$(dirname "$0")/../assets/luts" && pwd)
export PINSTRIPE_ASSETS=${assets%/luts}
# a 3D look of 2³ points: channel c of the output is m[c] applied to (r, g, b)
cube3() {
  awk -v m="$2" 'BEGIN { split(m, k, ","); print "TITLE \"made by looks.sh\""; print "LUT_3D_SIZE 2"
    for (i = 0; i < 8; i++) { r = i % 2; g = int(i / 2) % 2; b = int(i / 4)
      printf "%.6f %.6f %.6f\n", k[1]*r+k[2]*g+k[3]*b, k[4]*r+k[5]*g+k[6]*b, k[7]*r+k[8]*g+k[9]*b } }' >"$1"
}

case $case_name in
byname)
  ff -f lavfi -i testsrc2=size=320x240:rate=25 -t 0.4 -pix_fmt yuv420p "$tmp/in.mkv"
  cube3 "$mine/swirl.cube" "0.2,0.7,0.1,0.6,0.1,0.3,0.1,0.3,0.6"
  cp "$assets/s-curve.cube" "$mine/curve.cube"
  run() { expect 0 --no-display -q -t "$1" -o "$tmp/$2.nut" -c rawvideo "$tmp/in.mkv"; }
  same() { cmp -s "$tmp/$1.nut" "$tmp/$2.nut" || fail "$3"; }
  run look=swirl a; run "lut3d=file=$mine/swirl.cube" b; same a b "look=swirl is not lut3d=file="
  run look=curve.cube:mix=0.4 a; run "lut1d=file=$mine/curve.cube:mix=0.4" b
  same a b "look=curve.cube:mix=0.4 is not lut1d=file=...:mix=0.4"
  run "eq=contrast=1.1,look=curve:interp=nearest" a; run "eq=contrast=1.1,lut1d=file=$mine/curve.cube:interp=nearest" b
  same a b "look=curve:interp=nearest is not lut1d's"
  run "lut1d=file=$mine/curve.cube" c; cmp -s "$tmp/a.nut" "$tmp/c.nut" && fail "interp=nearest made no difference"
  # the installed looks; one of the user's of the same name comes before it, one
  # in the current folder before both
  run look=warm-film a; run "lut3d=file=$assets/warm-film.cube" b; same a b "look=warm-film is not the installed one"
  cp "$mine/swirl.cube" "$mine/warm-film.cube"
  run look=warm-film a; run look=swirl b; same a b "the user's warm-film does not come before the installed one"
  cube3 "$tmp/here/warm-film.cube" "0,0,1,0,1,0,1,0,0"
  (cd "$tmp/here" && expect 0 --no-display -q -t look=warm-film -o "$tmp/a.nut" -c rawvideo "$tmp/in.mkv")
  run swap=order=bgr b; same a b "the current folder's warm-film does not come first"
  (cd "$tmp/here" && expect 0 --list-looks)
  cat "$tmp/out"
  for want in "^the current folder.*: \.$" "^  warm-film  *3D, size 2$" "^your looks: $mine$" \
              "^  curve  *1D, size 1024$" "^  swirl  *3D, size 2$" \
              "^  warm-film  *3D, size 2; look= takes the one in the current folder" \
              "^the installed looks: $assets$" "^  teal-orange  *3D, size 33$" "^  s-curve  *1D, size 1024$" \
              "^  warm-film  *3D, size 33; look= takes the one in the current folder"; do
    grep -qE -- "$want" "$tmp/out" || fail "--list-looks has no line like '$want'"
  done
  echo "broken" >"$mine/broken.cube"
  expect 0 --list-looks
  grep -qE "^  broken  *cannot be used: $mine/broken.cube:1: " "$tmp/out" || fail "--list-looks: broken.cube not said"
  # errors: one line, exit 1
  expect 1 --no-display -t look=nowhere -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "no nowhere.cube in ., $mine, $assets"
  expect 1 --no-display -t look=../swirl -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "not a look's name"
  expect 1 --no-display -t look= -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "look needs a name"
  expect 1 --no-display -t look=curve:interp=tetrahedral -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "a 1D look"
  expect 1 --no-display -t look=broken -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "broken.cube:1:"
  expect 1 --no-display -t look=swirl:file=x.cube -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "unknown option 'file' for look"
  [ ! -e "$tmp/x.nut" ] || fail "an output was left by a failed run"
  # no HOME and no XDG_CONFIG_HOME: the current folder and the installed looks only
  (cd "$tmp/here" && unset XDG_CONFIG_HOME HOME && expect 1 --no-display -t look=swirl -o "$tmp/x.nut" "$tmp/in.mkv")
  one_line "no swirl.cube in ., $assets ("
  echo "look= found in the current folder, the user's and the installed looks; errors said"
  ;;
cycle)
  ff -f lavfi -i color=c=0x808080:size=320x240:rate=25:duration=60 -pix_fmt yuv420p "$tmp/in.mkv"
  for i in $(seq -w 1 20); do cube3 "$mine/look$i.cube" "1,0,0,0,1,0,0,0,0.$i"; done
  echo "broken" >"$mine/look05b.cube"
  xvfb_start 1024x768
  cd "$tmp/here"
  n_inst=$(ls "$assets"/*.cube | wc -l)
  total=$((1 + 21 + n_inst + 3)) # -t none; the user's 21, one of them broken; installed; 3 plain
  start --no-overlay -t none "$tmp/in.mkv"
  keys=$(for _ in $(seq $((total - 1))); do printf 't '; done) # (the broken one takes no press)
  # shellcheck disable=SC2086
  xdotool key --delay 120 --window "$wid" $keys 2>/dev/null; sleep 1; finish q
  grep -E "look [0-9]+ of|chain at quit" "$tmp/err"
  for i in $(seq -w 1 20); do
    grep -qE "look [0-9]+ of $total: look$i.cube \(yours\)" "$tmp/err" || fail "t did not reach look$i.cube"
  done
  grep -q "look 8 of $total: look06.cube (yours) (passed: $mine/look05b.cube:1: " "$tmp/err" ||
    fail "the look that cannot be read was not said and passed"
  for f in "$assets"/*.cube; do
    grep -qE "of $total: $(basename "$f")$" "$tmp/err" || fail "t did not reach the installed $(basename "$f")"
  done
  grep -q "look $((total - 2)) of $total: gray$" "$tmp/err" && grep -q "look $total of $total: sepia$" "$tmp/err" ||
    fail "t did not reach the plain transforms after the looks"
  grep -q "look 1 of $total: none$" "$tmp/err" || fail "t did not come back to -t"
  grep -q "chain at quit" "$tmp/err" && fail "the chain at quit is not -t none"
  echo "t reached all $total looks, the user's 20 first"
  ;;
*) fail "unknown case $case_name" ;;
esac
