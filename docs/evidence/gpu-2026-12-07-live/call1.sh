#!/usr/bin/env bash
# Call 1 of the 2026-12-07 (issue 52) GPU run: live grading that holds.
# test_soak at the issue's counts (10,000 live CDL changes one and three in
# flight, 1,000 't', 1,000 eq/mix, each frame against a CPU stage; device
# memory and RSS flat), test_live, test_gpu (the OpenColorIO chains scaled,
# zoomed, split, 4:2:0 through built-in and compiled kernels), then
# compute-sanitizer memcheck, initcheck and racecheck on a soak slice.
# Packed: pack.sh .packT test_soak test_gpu test_live pinstripe-bench
# pinstripe-bench-base teal-orange.cube (the tests need no FFmpeg).
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .packT/env.sh
cd .packT
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
( time timeout 200 env PINSTRIPE_SOAK=full ./test_soak ) >"$out/soak.log" 2>&1
sum "test_soak full rc=$?"; grep -E "^cuda|^cpu|failed|real" "$out/soak.log" | tee -a "$out/summary.txt"
( time timeout 60 ./test_live ) >"$out/live.log" 2>&1; sum "test_live rc=$? $(grep -E '^cuda' "$out/live.log" | head -2)"
( time timeout 200 ./test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$? $(tail -4 "$out/test_gpu.log" | tr '\n' ' ')"
for tool in memcheck initcheck racecheck; do
  timeout 80 compute-sanitizer --tool $tool --error-exitcode 9 env PINSTRIPE_SOAK=120 ./test_soak >"$out/san-$tool.txt" 2>&1
  sum "compute-sanitizer $tool test_soak 120: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san-$tool.txt" | tail -1)"
done
