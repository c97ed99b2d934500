#!/usr/bin/env bash
# Installed like a tool (issue 28, item 1): `cmake --install` of the build this
# runs in (its working directory) to a temporary prefix, and `cpack -G DEB`.
#   layout  the files; man -l renders the page; every option of --help is in the
#           page and the completion; the installed tree, moved elsewhere and run
#           from another folder, finds its looks beside itself (key t)
#   deb     the package lists the files and Depends on FFmpeg's and OpenCV's libraries
#           (and OpenColorIO's, in a build with it)
case_name=${1:?usage: install.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
build=$PWD

case $case_name in
layout)
  cmake --install "$build" --prefix "$tmp/p" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
  for f in bin/pinstripe share/man/man1/pinstripe.1 share/bash-completion/completions/pinstripe \
           share/pinstripe/looks/teal-orange.cube share/pinstripe/looks/s-curve.cube; do
    [ -e "$tmp/p/$f" ] || fail "not installed: $f"
  done
  command -v man >/dev/null || fail "no man (tools/install-deps.sh installs man-db)"
  MANWIDTH=200 man -l "$tmp/p/share/man/man1/pinstripe.1" >"$tmp/man.txt" 2>"$tmp/man.err" || fail "man -l: $(cat "$tmp/man.err")"
  [ ! -s "$tmp/man.err" ] || fail "man -l warns: $(cat "$tmp/man.err")"
  for s in NAME SYNOPSIS OPTIONS TRANSFORMS KEYS "EXIT STATUS" ENVIRONMENT EXAMPLES; do
    grep -q "^$s" "$tmp/man.txt" || fail "the man page has no $s"
  done
  # every option --help gives: in the rendered page (as an entry) and in the completion
  "$tmp/p/bin/pinstripe" --help | sed -n '/^options:$/,/^transforms/p' | grep -oE '^ {2,6}(-[^ ,]+, )?--[a-z0-9-]+' |
    grep -oE -- '--[a-z0-9-]+$' >"$tmp/opts"
  [ "$(wc -l <"$tmp/opts")" -ge 60 ] || fail "only $(wc -l <"$tmp/opts") options read from --help"
  while read -r o; do
    grep -qE "^ {7}(-[^ ,]+, )?$o( |$)" "$tmp/man.txt" || fail "$o: not an entry of the man page"
    bash -c 'source "$1"; COMP_WORDS=(pinstripe "$2"); COMP_CWORD=1; _pinstripe; printf "%s\n" "${COMPREPLY[@]}"' \
      _ "$tmp/p/share/bash-completion/completions/pinstripe" "$o" | grep -qx -- "$o" || fail "$o: not completed"
  done <"$tmp/opts"
  bash -c 'source "$1"; COMP_WORDS=(pinstripe -t se); COMP_CWORD=2; _pinstripe; echo "${COMPREPLY[*]}"' \
    _ "$tmp/p/share/bash-completion/completions/pinstripe" | grep -qx sepia || fail "-t se: not completed to sepia"
  # camera='s names and outputs (bash splits "camera=vlog:output=" at = and :)
  comp() { bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _pinstripe; echo "${COMPREPLY[*]}"' \
    _ "$tmp/p/share/bash-completion/completions/pinstripe" "$@"; }
  [ "$(comp pinstripe -t camera = log)" = "logc3 log3g10" ] || fail "-t camera=log: '$(comp pinstripe -t camera = log)'"
  [ "$(comp pinstripe -t camera = vlog : output = hdr)" = hdr-pq-1000 ] || fail "-t camera=vlog:output=hdr: not completed"
  echo "$(wc -l <"$tmp/opts") options in --help, the man page and the completion"
  # the tree moved, run from elsewhere, PINSTRIPE_ASSETS unset, no looks of the
  # user's: t (once from -t none: the first installed look) reads the looks beside it
  mv "$tmp/p" "$tmp/moved"
  unset PINSTRIPE_ASSETS
  export XDG_CONFIG_HOME=$tmp/noconf
  bin=$tmp/moved/bin/pinstripe
  ff -f lavfi -i testsrc2=size=320x240:rate=25 -t 20 -pix_fmt yuv420p "$tmp/in.mkv"
  xvfb_start 1280x800
  cd /
  start -an --no-overlay -t none "$tmp/in.mkv"
  xdotool key --window "$wid" t 2>/dev/null; sleep 1; finish q
  grep "chain at quit" "$tmp/err"
  grep -q "chain at quit: -t 'lut3d=file=$tmp/moved/bin/../share/pinstripe/looks/bleach-bypass.cube'$" "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "t did not reach the installed looks"; }
  ;;
deb)
  command -v dpkg-shlibdeps >/dev/null && command -v file >/dev/null || fail "no dpkg-shlibdeps or file (tools/install-deps.sh)"
  (cd "$build" && cpack -G DEB -B "$tmp/pkg") >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; fail "cpack -G DEB"; }
  deb=$(ls "$tmp"/pkg/pinstripe_*.deb) || fail "no .deb made"
  dpkg-deb -c "$deb" >"$tmp/files"
  for f in ./usr/bin/pinstripe ./usr/share/man/man1/pinstripe.1 ./usr/share/pinstripe/looks/teal-orange.cube \
           ./usr/share/bash-completion/completions/pinstripe; do
    grep -q " $f\$" "$tmp/files" || { cat "$tmp/files"; fail "$f: not in the package"; }
  done
  dpkg-deb -I "$deb" | tee "$tmp/info" | grep "Depends:"
  grep -q "Depends:.*libavcodec" "$tmp/info" && grep -q "Depends:.*libopencv" "$tmp/info" ||
    fail "Depends lacks libavcodec or libopencv"
  # colour management (issue 43): the OpenColorIO runtime, where the build has it
  if "$bin" --list-ocio 2>&1 | grep -q 'built without OpenColorIO'; then :; else
    grep -q "Depends:.*libopencolorio" "$tmp/info" || fail "Depends lacks libopencolorio"
  fi
  if grep -q libcudart "$tmp/files"; then echo "a CUDA build: libcudart goes in the package"; fi
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "PASS $case_name"
