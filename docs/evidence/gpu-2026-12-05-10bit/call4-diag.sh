source .pack/env.sh
L=lut3d=file=assets/luts/teal-orange.cube
C=.pack/m10_2160.mkv
nvidia-smi -L
for v in "X=1|--hwdec cuda" "X=1|" "CUDA_MODULE_LOADING=EAGER|--hwdec cuda"; do
  env=${v%%|*}; hw=${v#*|}
  echo "== $env ${hw:-software}"
  for f in 1 8; do env $env .pack/pinstripe-e2e --reps 3 --frames $f $hw $C --backend cuda -t $L | grep median | sed "s/^/frames $f: /"; done
  env $env .pack/pinstripe -q --no-display --frames 100000 --backend cuda -t $L $hw --stats $OUT/s.json $C
  /usr/bin/python3 -c "
import json;d=json.load(open('$OUT/s.json'));fr=d['frames'];s=d['summary']
print('wall',s['wall_s'],'fps',s['fps'],'last shown',fr[-1]['shown_ms'],'first latency',fr[0]['latency_ms'],'dec0/1',fr[0]['decode_ms'],fr[1]['decode_ms'])"
done
echo "== e2e 480 frames"
for hw in "--hwdec cuda" ""; do .pack/pinstripe-e2e --reps 5 $hw $C --backend cuda -t $L | grep -v "^| ---"; done
echo "== -v, hwdec"
.pack/pinstripe -v --no-display --frames 30 --backend cuda --hwdec cuda -t $L $C 2>&1 | grep -v "^  "
.pack/pinstripe -v --no-display --frames 30 --backend cuda --hwdec cuda -t $L .pack/h2160.mp4 2>&1 | grep -v "^  "
echo "== AV1 equality"
SECTIONS=equal bash tools/gpu-p010.sh .pack/av1_odd.mkv .pack/av1_444.mkv 2>&1 | tail -8
echo "== 8-bit NVDEC A/B (old b39d865 = A, new = B)"
E2E_FLAGS='--hwdec cuda' ROUNDS=3 REPS=3 bash tools/gpu-ab.sh .pack/pinstripe-e2e-old .pack/pinstripe-e2e .pack/h2160.mp4 -- --backend cuda -t $L 2>&1 | grep -E "^--|median"
