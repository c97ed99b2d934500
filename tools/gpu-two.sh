#!/usr/bin/env bash
# --gpu on a machine with two GPUs (the device tool's nvidia-h200-x2), after
# `source .pack/env.sh`: each GPU alone, then both side by side (one process a
# GPU, NVDEC decoding so the CPU is not what they share), fps from each run's
# summary; and --gpu 7, the clear error. Logs into $OUT.
set -u
out=${OUT:-/tmp/gpu-two}; mkdir -p "$out"
clip=${CLIP:-.pack/e2160.mp4}; lut=${LUT:-.pack/teal-orange.cube}
nvidia-smi --query-gpu=index,name --format=csv,noheader | tee "$out/gpus.txt"
run() { # $1: the GPU, $2: a log
  pinstripe --backend cuda --hwdec cuda --gpu "$1" --no-display --loop 0 -t "lut3d=file=$lut" \
    --frames ${FRAMES:-600} "$clip" 2>"$2"
}
fps() { sed -n 's/.*frames in .* s (\([0-9.]*\) fps).*/\1/p' "$1"; }
for r in 1 2 3; do
  run 0 "$out/a0-$r.log"; run 1 "$out/a1-$r.log"
  run 0 "$out/b0-$r.log" & run 1 "$out/b1-$r.log"; wait
  echo "rep $r: alone $(fps "$out/a0-$r.log") / $(fps "$out/a1-$r.log") fps; side by side $(fps "$out/b0-$r.log") / $(fps "$out/b1-$r.log") fps" | tee -a "$out/summary.txt"
done
pinstripe --backend cuda --gpu 7 --no-display --frames 5 -o "$out/x.nut" "$clip" 2>"$out/gpu7.err"
echo "--gpu 7: exit $? ($(cat "$out/gpu7.err"))" | tee -a "$out/summary.txt"
