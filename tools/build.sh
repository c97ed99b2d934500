#!/usr/bin/env bash
# Configures and builds pinstripe into build/ (or $1), passing the rest to CMake.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$top/build}; shift || true
cmake -S "$top" -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >"$dir.configure.log" 2>&1 ||
  { cat "$dir.configure.log" >&2; exit 1; }
grep 'pinstripe:' "$dir.configure.log" || true
cmake --build "$dir" -j"$(nproc)"
