#!/usr/bin/env bash
# Builds pinstripe with warnings as errors and runs the whole test suite
# (ctest), then again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)
"$top/tools/build.sh" "$top/build" -DPINSTRIPE_WERROR=ON
(cd "$top/build" && ctest --output-on-failure -j2)
"$top/tools/build.sh" "$top/build-asan" -DPINSTRIPE_WERROR=ON -DCMAKE_BUILD_TYPE=Debug \
  -DPINSTRIPE_SANITIZE=address,undefined
# protect_shadow_gap=0: the CUDA runtime maps memory where ASan keeps its gap
(cd "$top/build-asan" &&
  ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=1 LSAN_OPTIONS=suppressions=$top/tests/lsan.supp UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  ctest --output-on-failure -j2)
echo "tests: all passed in $(( $(date +%s) - start )) s"
