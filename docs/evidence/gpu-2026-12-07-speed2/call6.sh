#!/usr/bin/env bash
# Call 6 (7de335e): compiled kernels whose tables are read from the device's
# program (a 33^3 .cube, a 4,200-entry .spi1d through lut=file=) and a CLF with
# moncurve and mirrored exponents: bytes against the CPU; the 2160p stage; the
# whole pipeline with NVDEC against decoding alone (issue 43: >= 0.95x).
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
sum() { echo "$*" | tee -a "$out/summary.txt"; }
python3 - <<'PY'
n=33; f=open('/tmp/b33.cube','w'); f.write('LUT_3D_SIZE 33\n')
s=lambda x: x*x*(3-2*x)
for b in range(n):
  for g in range(n):
    for r in range(n): f.write('%.6f %.6f %.6f\n' % (s(r/32), s(g/32), s(b/32)))
f=open('/tmp/t.spi1d','w'); f.write('Version 1\nFrom 0.0 1.0\nLength 4200\nComponents 1\n{\n')
for i in range(4200): f.write('%.7f\n' % ((i/4199.0)**0.8))
f.write('}\n'); f.close()
open('/tmp/t.clf','w').write('''<?xml version="1.0" encoding="UTF-8"?>
<ProcessList compCLFversion="3" id="j">
<Exponent inBitDepth="32f" outBitDepth="32f" style="monCurveFwd"><ExponentParams exponent="2.4" offset="0.055"/></Exponent>
<Exponent inBitDepth="32f" outBitDepth="32f" style="basicMirrorFwd"><ExponentParams exponent="1.1"/></Exponent>
<Range inBitDepth="32f" outBitDepth="32f"><minInValue>0.01</minInValue><maxInValue>0.9</maxInValue><minOutValue>0</minOutValue><maxOutValue>1</maxOutValue></Range>
</ProcessList>
''')
PY
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
clip=.pack/log2160.mkv
for t in lut=file=/tmp/b33.cube lut=file=/tmp/t.spi1d,lut=file=/tmp/t.clf camera=slog3-cine,lut=file=/tmp/b33.cube:mix=0.5; do
  timeout 60 pinstripe -q --backend cpu --no-display --frames 3 -t $t -o "$out/cpu.nut" -c rawvideo $clip
  for v in "--stripes 3" "--hwdec cuda"; do
    timeout 60 pinstripe -q --backend cuda $v --no-display --frames 3 -t $t -o "$out/gpu.nut" -c rawvideo $clip
    cmp -s "$out/cpu.nut" "$out/gpu.nut" && r="= CPU" || r="DIFFERS"
    sum "$t $v: $r"
  done
done
rm -f "$out"/*.nut
b() { timeout 60 pinstripe-bench --reps 5 --only "$1" 2>&1 | grep 2160p; }
sum "stage jit $(b camera=slog3-cine)"
sum "stage lut3d $(b lut3d=file=/tmp/b33.cube)"
timeout 120 pinstripe-e2e --reps 3 --hwdec cuda $clip --backend cuda -t camera=slog3-cine >"$out/e2e.txt" 2>&1
sum "e2e rc=$? $(tail -2 "$out/e2e.txt" | tr '\n' ' ')"
sum "stage jit $(b camera=slog3-cine)"
sum "stage lut3d $(b lut3d=file=/tmp/b33.cube)"
