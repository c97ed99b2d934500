#!/usr/bin/env bash
# profile.sh's least, for the last minutes of device time: the 2160p stage with
# camera= before and after (one round), the 33³ table, then test_gpu (CPU = CUDA,
# the pair kernel included) and camera= through NVDEC against the CPU.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
sum() { echo "$*" | tee -a "$out/summary.txt"; }
python3 -c "
f=open('/tmp/b33.cube','w'); f.write('LUT_3D_SIZE 33\\n')
s=lambda x: x*x*(3-2*x)
for b in range(33):
  for g in range(33):
    for r in range(33): f.write('%.6f %.6f %.6f\\n' % (s(r/32), s(g/32), s(b/32)))"
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
for b in pinstripe-bench-base pinstripe-bench; do
  sum "$b $(timeout 30 $b --reps 3 --only camera=slog3-cine 2>&1 | grep 2160p)"
done
sum "pinstripe-bench $(timeout 30 pinstripe-bench --reps 3 --only lut3d=file=/tmp/b33.cube 2>&1 | grep 2160p)"
( time timeout 140 stdbuf -oL test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; tail -3 "$out/test_gpu.log"
clip=.pack/log2160.mkv t=camera=slog3-cine,cdl=slope=1.1/1/0.9:sat=1.2
timeout 20 pinstripe -q --backend cpu --no-display --frames 3 -t $t -o "$out/cpu.nut" -c rawvideo $clip
timeout 20 pinstripe -q --backend cuda --hwdec cuda --no-display --frames 3 -t $t -o "$out/hw.nut" -c rawvideo $clip &&
  cmp -s "$out/cpu.nut" "$out/hw.nut" && sum "$t --hwdec cuda (NVDEC): = CPU" || sum "$t: NVDEC DIFFERS"
rm -f "$out"/*.nut
