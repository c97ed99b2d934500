#!/usr/bin/env bash
# Call 5: the compiled kernel with fused multiply-adds (both backends), four
# blocks an SM, curves at constant places: the 2160p stage (compiled, built-in,
# the 33^3 table, and the compiled one with more stripes); test_gpu; camera=
# bytes against the CPU; compute-sanitizer memcheck on the compiled kernel.
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
  sum "round $1 jit $(b camera=slog3-cine)"
  sum "round $1 builtin $(PINSTRIPE_JIT=0 b camera=slog3-cine)"
  sum "round $1 lut3d $(b lut3d=file=/tmp/b33.cube)"
}
round 1
( time timeout 300 stdbuf -oL test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; grep -E "kernels compiled|checks failed" "$out/test_gpu.log" | tail -2; tail -3 "$out/test_gpu.log"
clip=.pack/log2160s.mkv
for t in camera=slog3-cine camera=vlog:range=legal:mix=0.6,cdl=slope=1.1/1/0.9:sat=1.2 camera=logc3:output=hdr-pq-1000; do
  timeout 60 pinstripe -q --backend cpu --no-display --frames 3 -t $t -o "$out/cpu.nut" -c rawvideo $clip
  for v in "--stripes 3" "--stripes 8" "--hwdec cuda"; do
    timeout 60 pinstripe -q --backend cuda $v --no-display --frames 3 -t $t -o "$out/gpu.nut" -c rawvideo $clip
    cmp -s "$out/cpu.nut" "$out/gpu.nut" && r="= CPU" || r="DIFFERS"
    sum "$t $v: $r"
  done
done
for tool in memcheck; do
  timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 pinstripe -q --backend cuda --no-display \
    --frames 2 -t camera=slog3-cine -o "$out/san.nut" -c rawvideo $clip >"$out/san.txt" 2>&1
  rc=$?; sum "compute-sanitizer $tool (compiled kernel): rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san.txt" | head -1)"
done
rm -f "$out"/*.nut
round 2
