#!/usr/bin/env bash
# Several NVDEC sessions on one GPU (issue 28, tools/batch.sh -g 1 -j 3), after
# `source .pack/env.sh`: one `--hwdec cuda` process alone, then three side by
# side, as the recipe runs them (each its own process, --gpu 0), fps from each
# run's summary; and software decoding alone and three side by side for the
# same clip. Logs into $OUT.
set -u
out=${OUT:-/tmp/gpu-nvdec}; mkdir -p "$out"
clip=${CLIP:-.pack/e2160.mp4}
nvidia-smi --query-gpu=name --format=csv,noheader | tee "$out/gpu-nvdec.txt"
run() { # $1: none | cuda, $2: a log
  pinstripe --backend cuda --hwdec "$1" --gpu 0 --no-display -t sepia --loop 0 --frames ${FRAMES:-600} "$clip" 2>"$2"
}
fps() { sed -n 's/.*frames in .* s (\([0-9.]*\) fps).*/\1/p' "$1"; }
for dec in cuda none; do
  for r in 1 2; do
    run $dec "$out/$dec-one-$r.log"
    run $dec "$out/$dec-a-$r.log" & run $dec "$out/$dec-b-$r.log" & run $dec "$out/$dec-c-$r.log" & wait
    a=$(fps "$out/$dec-a-$r.log") b=$(fps "$out/$dec-b-$r.log") c=$(fps "$out/$dec-c-$r.log") one=$(fps "$out/$dec-one-$r.log")
    echo "--hwdec $dec rep $r: one alone $one fps; three side by side $a + $b + $c = $(echo "$a $b $c $one" |
      awk '{ printf "%.1f fps, %.2fx one", $1 + $2 + $3, ($1 + $2 + $3) / $4 }')" | tee -a "$out/summary.txt"
  done
done
