#!/usr/bin/env bash
# Soak: the player for a while on an endless source read at its own rate
# (FFmpeg's testsrc2 through libavdevice's lavfi, or a file with --loop 0;
# --realtime reads it at its frame rate in file mode: nothing may be dropped),
# overlay on, --stats, no window; every second the process's resident
# memory (VmRSS), pinned memory (VmPin, VmLck) and, with CUDA, the device
# memory nvidia-smi reports for it. Then the verdict (BENCHMARKS.md, "Soak"):
# memory flat after warm-up (the peak of the last fifth of the run, 30 s at
# most, under 1 MB above the peak of as long a window after the first tenth),
# no frame dropped, and the last minute's frame-time p99 within
# 10% of the first minute's (runs under two minutes, like the CI slice, report
# the median of their first and last fifths and do not judge it: see below).
#   tools/soak.sh [SECONDS (600)] [pinstripe options, e.g. --backend cuda]
# PINSTRIPE picks the binary (build/pinstripe); SOAK_SOURCE the input (default
# --realtime -f lavfi testsrc2=size=1280x720:rate=30; or e.g. "--realtime --loop 0
# clip.mp4"); OUT the folder for the samples.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-600}; shift $(($# > 0 ? 1 : 0))
bin=${PINSTRIPE:-$top/build/pinstripe}
out=${OUT:-$(mktemp -d)}; mkdir -p "$out"
rate=30
read -r -a source <<<"${SOAK_SOURCE:---realtime -f lavfi testsrc2=size=1280x720:rate=$rate}"
frames=$((secs * rate))
"$bin" -q --no-display --frames 1 "$@" "${source[@]}" 2>"$out/precheck" ||
  { echo "soak: the source does not open here (no libavdevice lavfi?): $(cat "$out/precheck"); skipped"; exit 77; }
"$bin" --no-display --frames "$frames" --stats "$out/stats.json" "$@" "${source[@]}" \
  >"$out/stdout" 2>"$out/stderr" &
pid=$!
t0=$(date +%s.%N)
echo "t_s rss_kb pin_kb lck_kb gpu_mib" >"$out/mem.txt"
while kill -0 $pid 2>/dev/null; do
  st=/proc/$pid/status
  rss=$(awk '/^VmRSS/ { print $2 }' $st 2>/dev/null) pin=$(awk '/^VmPin/ { print $2 }' $st 2>/dev/null)
  lck=$(awk '/^VmLck/ { print $2 }' $st 2>/dev/null) gpu=-
  if command -v nvidia-smi >/dev/null; then
    gpu=$(nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader,nounits 2>/dev/null |
          awk -F', *' -v p=$pid '$1 == p { print $2 }')
  fi
  [ -n "$rss" ] && echo "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') $rss ${pin:-0} ${lck:-0} ${gpu:--}" >>"$out/mem.txt"
  sleep 1
done
wait $pid; rc=$?
python3 - "$out" "$rc" "$secs" <<'PY'
import json, sys
out, rc, secs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
rows = [l.split() for l in open(out + "/mem.txt").read().splitlines()[1:]]
t = [float(r[0]) for r in rows]
def col(i):
    return [None if r[i] == "-" else float(r[i]) for r in rows]
d = json.load(open(out + "/stats.json"))
frames, s = d["frames"], d["summary"]
# Runs of two minutes and more: the p99 of the first and last minutes (1,800
# frames each at 30 fps), within 10%. Shorter runs (the CI slice) compare fifths:
# 6 s of a 30 s run is 180 frames, too few for a stable tail on a shared 2-core
# machine (seen in CI: p99 1.48 → 2.15 ms with p50 unchanged; p95 1.26 → 1.54,
# p90 0.88 → 1.34 with p50 0.34 → 0.33), and then the median too moved with the
# machine's other load (0.301 → 0.366 ms in one CI run, +22%, against a 20%
# bound): a 30 s slice on a shared machine times the machine, and timing
# targets live in benchmarks, not in timed tests. So short runs print their
# medians and are judged on memory and drops only; the frame-time check is the
# long soak's.
long_run = secs >= 120
span = 60.0 if long_run else secs / 5
q, margin, qname = (0.99, 1.10, "p99") if long_run else (0.50, 1.20, "median")
def quant(lo, hi):
    v = sorted(f["stage_ms"] + (f["display_ms"] or 0) for f in frames if lo <= f["shown_ms"] / 1000 < hi)
    return v[min(len(v) - 1, int(q * len(v)))] if v else float("nan")
end = frames[-1]["shown_ms"] / 1000
first, last = quant(0, span), quant(end - span, end + 1)
ok = rc == 0 and s["dropped"] == 0
print(f"soak: {s['frames']} frames in {s['wall_s']:.0f} s, exit {rc}, {s['dropped']} dropped, {s['backend']} backend")
# Memory: the peak of a window right after warm-up (the first tenth) against the
# peak of the last window of the same length (a fifth of the run, at most 30 s).
# Peaks, not single samples: with glibc's thresholds fixed (app/main.c) large
# buffers go back to the system when freed, so RSS breathes by ~1 MB with the
# content (a looped 10 s clip: +1 MB and back every 10 s), and one sample at
# each end would read the phase of that, not a trend. A leak of L over the run
# shows as ~0.9 L.
warm = t[-1] / 10
win = min(30.0, t[-1] / 5)
for i, name in ((1, "RSS"), (2, "VmPin"), (3, "VmLck"), (4, "GPU memory")):
    v = [(tt, x) for tt, x in zip(t, col(i)) if x is not None]
    if not v:
        continue
    unit = 1024.0 if i < 4 else 1.0  # kB → MB, MiB as it is
    early = [x for tt, x in v if warm <= tt < warm + win] or [v[0][1]]
    late = [x for tt, x in v if tt >= t[-1] - win] or [v[-1][1]]
    growth = (max(late) - max(early)) / unit
    peak = max(x for _, x in v) / unit
    flat = growth < 1.0
    ok &= flat
    print(f"  {name}: peak {max(early) / unit:.1f} MB in {warm:.0f}-{warm + win:.0f} s, {max(late) / unit:.1f} MB in the last {win:.0f} s, growth {growth:+.2f} MB, peak of the run {peak:.1f} MB: {'flat' if flat else 'GROWS'}")
stable = last <= first * margin if first == first else False
if long_run:
    ok &= stable
verdict = ('stable' if stable else 'NOT stable') if long_run else 'not judged in a run under two minutes'
print(f"  stage+display {qname}: first {span:.0f} s {first:.3f} ms, last {span:.0f} s {last:.3f} ms: {verdict}")
print("soak:", "PASS" if ok else "FAIL", "(samples in", out + ")")
sys.exit(0 if ok else 1)
PY
