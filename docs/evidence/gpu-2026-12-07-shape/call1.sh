#!/usr/bin/env bash
# Call 1 of the 2026-12-07 evening (issue 52 items 2, 3) GPU run: the compiled
# kernel keyed on the programs' shape, values by value. test_gpu (every
# OpenColorIO chain, built-in and compiled, against the CPU stage's bytes; one
# kernel for S-Log3.cine, V-Log and S-Log3; five cameras past Chain.values'
# room), test_soak (live CDL changes before a camera, t and eq/mix, every frame
# against a CPU stage, device memory and RSS flat), test_live, and
# compute-sanitizer memcheck on a soak slice.
# Packed: pack.sh .packT test_soak test_gpu test_live pinstripe-bench
# pinstripe-bench-old teal-orange.cube (the tests need no FFmpeg).
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .packT/env.sh
cd .packT
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
( time timeout 300 ./test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$? $(tail -5 "$out/test_gpu.log" | tr '\n' ' ')"
( time timeout 100 env PINSTRIPE_SOAK=1000 ./test_soak ) >"$out/soak.log" 2>&1
sum "test_soak 1000 rc=$?"; grep -E "^cuda|^cpu|failed|real|kernels" "$out/soak.log" | tee -a "$out/summary.txt"
( time timeout 60 ./test_live ) >"$out/live.log" 2>&1; sum "test_live rc=$? $(grep -E 'real' "$out/live.log")"
for tool in memcheck; do
  timeout 90 compute-sanitizer --tool $tool --error-exitcode 9 env PINSTRIPE_SOAK=120 ./test_soak >"$out/san-$tool.txt" 2>&1
  sum "compute-sanitizer $tool test_soak 120: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san-$tool.txt" | tail -1)"
done
