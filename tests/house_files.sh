#!/usr/bin/env bash
# Every product source file holds one idea (DESIGN.md, issue 22): at most 500
# lines, and it opens with the paragraph that says what it is for. bench/ and
# tests/ are exempt. Usage: house_files.sh SOURCE_DIR
set -uo pipefail
cd "${1:?source dir}" || exit 2
bad=0; n=0
while IFS= read -r f; do
  n=$((n + 1))
  lines=$(wc -l <"$f")
  [ "$lines" -le 500 ] || { echo "FAIL: $f has $lines lines (at most 500)"; bad=1; }
  case "$(head -c 2 "$f")" in
    "/*" | "//") ;;
    *) echo "FAIL: $f does not open with its purpose (a comment)"; bad=1 ;;
  esac
done < <(find app grade report options io decode writer stage cpu gpu colour scope look ocio display audio -type f \
           \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cpp' -o -name '*.inc' \) | sort)
[ "$n" -gt 0 ] || { echo "FAIL: no source files found in $PWD"; exit 1; }
[ "$bad" = 0 ] && echo "house_files: $n files, each at most 500 lines and opening with its purpose"
exit $bad
