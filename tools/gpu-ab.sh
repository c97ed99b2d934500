#!/usr/bin/env bash
# A/B of two builds' pipelines on the GPU machine, interleaved in one call so the
# machine's state is shared: pinstripe-e2e (the pipeline against decoding alone)
# of build A and build B, ROUNDS (default 3) rounds of A then B, REPS (default 3)
# repetitions each, on each CLIP given, with the rest of the options after --.
#   tools/gpu-ab.sh A_E2E B_E2E CLIP... -- --backend cuda -t lut3d=file=...
# E2E_FLAGS go before the clip (pinstripe-e2e's own: E2E_FLAGS="--hwdec cuda").
# Prints each run's summary line; compare the medians within a round.
set -uo pipefail
a=${1:?build A pinstripe-e2e}; b=${2:?build B pinstripe-e2e}; shift 2
clips=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do clips+=("$1"); shift; done
[ $# -gt 0 ] && shift
for clip in "${clips[@]}"; do
  for r in $(seq "${ROUNDS:-3}"); do
    for which in A B; do
      bin=$a; [ $which = B ] && bin=$b
      echo "-- ${clip##*/} round $r $which ($(basename "$bin"))"
      # shellcheck disable=SC2086
      "$bin" --reps "${REPS:-3}" ${E2E_FLAGS:-} "$clip" "$@" 2>&1 | grep -v "^| rep\|^| ---"
    done
  done
done
