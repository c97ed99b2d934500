#!/usr/bin/env bash
# On the GPU machine: rebuild pinstripe-bench there (GPU-only build, so that
# CUDA's NPP is found and NPP's converter is compared) in DIR, and print the
# binary's path; if the build fails, say so on stderr and print FALLBACK (the
# packed bench). Usage: tools/gpu-bench-build.sh DIR FALLBACK
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:?usage: gpu-bench-build.sh DIR FALLBACK}; fallback=${2:?usage: gpu-bench-build.sh DIR FALLBACK}
if cmake -S "$top" -B "$dir" -DPINSTRIPE_GPU_ONLY=ON -DCMAKE_BUILD_TYPE=Release \
     -DCMAKE_CUDA_ARCHITECTURES=90 >"$dir.log" 2>&1 &&
   cmake --build "$dir" -j"$(nproc)" --target pinstripe-bench >>"$dir.log" 2>&1; then
  grep 'pinstripe:' "$dir.log" >&2
  echo "$dir/pinstripe-bench"
else
  cat "$dir.log" >&2; echo "rebuild failed; using the packed bench" >&2
  echo "$fallback"
fi
