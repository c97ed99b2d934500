#!/usr/bin/env bash
# Call 4: test_gpu (the OpenColorIO chains through the built-in pair kernel and
# through the compiled ones); the 2160p stage: built-in, compiled, and compiled
# with more options (PINSTRIPE_JIT_OPTS: -DCM_FMA fuses the maths' products and
# sums, its bytes are not the CPU's: timing only; --maxrregcount=64 for four
# blocks an SM); camera= bytes against the CPU; compute-sanitizer on the
# compiled kernel.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
sum() { echo "$*" | tee -a "$out/summary.txt"; }
python3 -c "
n=33; f=open('/tmp/b33.cube','w'); f.write('LUT_3D_SIZE 33\\n')
s=lambda x: x*x*(3-2*x)
for b in range(n):
  for g in range(n):
    for r in range(n): f.write('%.6f %.6f %.6f\\n' % (s(r/32), s(g/32), s(b/32)))"
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
b() { timeout 60 pinstripe-bench --reps 5 --only "$1" 2>&1 | grep 2160p; }
round() {
  sum "round $1 builtin $(PINSTRIPE_JIT=0 b camera=slog3-cine)"
  sum "round $1 jit $(b camera=slog3-cine)"
  sum "round $1 jit+fma $(PINSTRIPE_JIT_OPTS=-DCM_FMA b camera=slog3-cine)"
  sum "round $1 jit+r64 $(PINSTRIPE_JIT_OPTS=--maxrregcount=64 b camera=slog3-cine)"
  sum "round $1 jit+fma+r64 $(PINSTRIPE_JIT_OPTS='-DCM_FMA --maxrregcount=64' b camera=slog3-cine)"
  sum "round $1 lut3d $(b lut3d=file=/tmp/b33.cube)"
}
round 1
( time timeout 300 stdbuf -oL test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; grep -E "kernels compiled|combinations|checks failed" "$out/test_gpu.log" | tail -3; tail -3 "$out/test_gpu.log"
clip=.pack/log2160s.mkv
for t in camera=slog3-cine camera=vlog:range=legal:mix=0.6,cdl=slope=1.1/1/0.9:sat=1.2; do
  timeout 60 pinstripe -q --backend cpu --no-display --frames 3 -t $t -o "$out/cpu.nut" -c rawvideo $clip
  for v in "--stripes 1" "--stripes 8" "--hwdec cuda"; do
    /usr/bin/time -f "%e s" -o "$out/t.txt" timeout 60 pinstripe -q --backend cuda $v --no-display --frames 3 -t $t -o "$out/gpu.nut" -c rawvideo $clip
    cmp -s "$out/cpu.nut" "$out/gpu.nut" && r="= CPU" || r="DIFFERS"
    sum "$t $v: $r ($(cat "$out/t.txt"))"
  done
done
for tool in memcheck racecheck initcheck; do
  timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 pinstripe -q --backend cuda --no-display \
    --frames 2 -t camera=slog3-cine -o "$out/san.nut" -c rawvideo $clip >"$out/san.txt" 2>&1
  rc=$?; sum "compute-sanitizer $tool (compiled kernel): rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san.txt" | head -1)"
done
rm -f "$out"/*.nut
round 2
