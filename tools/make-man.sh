#!/usr/bin/env bash
# The man page, pinstripe(1), made from `pinstripe --help` (every option, the
# transforms, the keys, live mode, exit codes: so it cannot drift from it) and
# docs/man-extra.1 (environment, files, examples, see also). The build runs it:
#   tools/make-man.sh BINARY EXTRA OUT VERSION
set -euo pipefail
bin=$1 extra=$2 out=$3 version=$4
help=$("$bin" --help)
{
  printf '.TH PINSTRIPE 1 "%s" "pinstripe %s" "User Commands"\n' "$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%d)" "$version"
  printf '.SH NAME\npinstripe \\- play or write a video with its colours transformed on the GPU, in stripes\n'
  printf '.SH SYNOPSIS\n.B pinstripe\n[\\fIoptions\\fR] \\fIINPUT\\fR\n.br\n.B pinstripe\n[\\fIoptions\\fR] \\fB\\-\\-webcam\\fR [\\fIDEV\\fR]\n'
  awk '
    function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); sub(/^\./, "\\\\\\&.", s); sub(/^'"'"'/, "\\\\\\&'"'"'", s); return s }
    /^usage:/ || /^       pinstripe/ { next }
    /^options:$/ { print ".SH OPTIONS"; sec = "opt"; next }
    /^transforms \(-t\):$/ { print ".SH TRANSFORMS"; print ".nf"; sec = "pre"; next }
    /^keys \(in the window\):$/ { print ".fi"; print ".SH KEYS"; print ".nf"; sec = "pre"; next }
    /^live mode/ { print ".fi"; print ".SH LIVE MODE"; sec = "text" }
    /^exit codes:/ { print ".SH EXIT STATUS"; sec = "text" }
    sec == "" && NF { if (!desc) { print ".SH DESCRIPTION"; desc = 1 } print esc($0); next }
    sec == "opt" && /^(  |      )(-[^ ,]+, )?--[a-z0-9]/ {
      # the option, its argument (one space after it: capitals, or with [...]),
      # then the description
      line = $0; sub(/^ +/, "", line)
      match(line, /^(-[^ ,]+, )?--[a-z0-9-]+/); opt = substr(line, 1, RLENGTH); rest = substr(line, RLENGTH + 1)
      if (match(rest, /^ ([A-Z[][^ ]*|[a-z]+\[[^ ]*)/)) { opt = opt substr(rest, 1, RLENGTH); rest = substr(rest, RLENGTH + 1) }
      sub(/^ +/, "", rest)
      printf ".TP\n\\fB%s\\fR\n%s\n", esc(opt), esc(rest); next
    }
    sec == "opt" && NF { line = $0; sub(/^ +/, "", line); print esc(line); next }
    sec == "pre" { print esc($0); next }
    sec == "text" && NF { print esc($0); next }
    END { if (sec == "pre") print ".fi" }
  ' <<<"$help"
  cat "$extra"
} >"$out"
