#!/usr/bin/env bash
# The bash completion for pinstripe, made from `pinstripe --help`: its options,
# the transform names after -t, and camera='s names and outputs. The build runs it:
#   tools/make-completion.sh BINARY OUT
set -euo pipefail
bin=$1 out=$2
help=$("$bin" --help)
opts=$(sed -n '/^options:$/,/^transforms/p' <<<"$help" | grep -oE '^ {2,6}(-[^ ,]+, )?--[a-z0-9-]+' |
       sed -E 's/^ +//; s/, / /' | tr '\n' ' ' | sed 's/ *$//')
names=$(sed -n '/^transforms (-t):$/,/^keys/p' <<<"$help" | grep -oE '^  [a-z0-9]+ ' | tr -d ' ' | tr '\n' ' ' | sed 's/ *$//')
# camera='s names and outputs, as its paragraph lists them: "NAME: slog3 (SONY_…), …"
# and "O: sdr-video (…), or hdr-pq-1000 (…)"
camera=$(sed -n '/^  camera /,/^  [a-z]/p' <<<"$help" | tr '\n' ' ' | tr -s ' ')
cams=$(grep -oE 'NAME: .*' <<<"$camera" | grep -oE '[a-z0-9-]+ \([A-Z]' | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ *$//')
outs=$(grep -oE 'O: .* The samples' <<<"$camera" | grep -oE '[a-z0-9]+-[a-z0-9-]+ \(' | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ *$//')
[ -n "$cams" ] && [ -n "$outs" ] || { echo "make-completion.sh: no camera names or outputs in --help" >&2; exit 1; }
cat >"$out" <<SH
# bash completion for pinstripe (made from pinstripe --help by tools/make-completion.sh)
_pinstripe()
{
    local cur prev
    cur=\${COMP_WORDS[COMP_CWORD]}
    prev=\${COMP_WORDS[COMP_CWORD-1]}
    # -t camera=NAME:output=O (bash splits words at = and :)
    if [[ \$prev == = && \$COMP_CWORD -ge 2 ]]; then
        case \${COMP_WORDS[COMP_CWORD-2]} in
        camera) COMPREPLY=(\$(compgen -W "$cams" -- "\$cur")); return ;;
        output) COMPREPLY=(\$(compgen -W "$outs" -- "\$cur")); return ;;
        esac
    fi
    case \$prev in
    -t|--transform)
        COMPREPLY=(\$(compgen -W "$names" -- "\$cur")); return ;;
    --backend) COMPREPLY=(\$(compgen -W "auto cuda cpu" -- "\$cur")); return ;;
    --hwdec) COMPREPLY=(\$(compgen -W "none auto cuda" -- "\$cur")); return ;;
    --progress-format) COMPREPLY=(\$(compgen -W "human json" -- "\$cur")); return ;;
    -o|--output|-i|--input|--ocio|--stats|--trace|--debug-scope|--progress|--screenshot-dir)
        COMPREPLY=(\$(compgen -f -- "\$cur")); return ;;
    esac
    if [[ \$cur == -* ]]; then
        COMPREPLY=(\$(compgen -W "$opts" -- "\$cur"))
    else
        COMPREPLY=(\$(compgen -f -- "\$cur"))
    fi
}
complete -o filenames -F _pinstripe pinstripe
SH
