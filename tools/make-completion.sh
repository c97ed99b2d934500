#!/usr/bin/env bash
# The bash completion for pinstripe, made from `pinstripe --help`: its options,
# and the transform names after -t. The build runs it:
#   tools/make-completion.sh BINARY OUT
set -euo pipefail
bin=$1 out=$2
help=$("$bin" --help)
opts=$(sed -n '/^options:$/,/^transforms/p' <<<"$help" | grep -oE '^ {2,6}(-[^ ,]+, )?--[a-z0-9-]+' |
       sed -E 's/^ +//; s/, / /' | tr '\n' ' ' | sed 's/ *$//')
names=$(sed -n '/^transforms (-t):$/,/^keys/p' <<<"$help" | grep -oE '^  [a-z0-9]+ ' | tr -d ' ' | tr '\n' ' ' | sed 's/ *$//')
cat >"$out" <<SH
# bash completion for pinstripe (made from pinstripe --help by tools/make-completion.sh)
_pinstripe()
{
    local cur prev
    cur=\${COMP_WORDS[COMP_CWORD]}
    prev=\${COMP_WORDS[COMP_CWORD-1]}
    case \$prev in
    -t|--transform)
        COMPREPLY=(\$(compgen -W "$names" -- "\$cur")); return ;;
    --backend) COMPREPLY=(\$(compgen -W "auto cuda cpu" -- "\$cur")); return ;;
    --hwdec) COMPREPLY=(\$(compgen -W "none auto cuda" -- "\$cur")); return ;;
    --progress-format) COMPREPLY=(\$(compgen -W "human json" -- "\$cur")); return ;;
    -o|--output|-i|--input|--stats|--trace|--debug-scope|--progress|--screenshot-dir)
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
