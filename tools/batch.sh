#!/usr/bin/env bash
# A folder of files through one look, on GNU parallel (one machine, or several
# with parallel's --sshlogin): one pinstripe process a file, JOBS at a time.
#
#   tools/batch.sh [-j JOBS] [-g GPUS] [-e EXT] OUTDIR 'PINSTRIPE OPTIONS' FILE...
#   e.g. tools/batch.sh -j 3 -g 1 graded '-t lut3d=file=look.cube -crf 18' rushes/*.mov
#
# Each FILE becomes OUTDIR/NAME.EXT (EXT: mkv by default), written as
# OUTDIR/NAME.part.EXT and renamed when pinstripe finished it, so a name without
# .part is always a whole file; a task that fails leaves no .part. Its progress
# goes to OUTDIR/NAME.progress.json (--progress-format json: the last line says
# done and the exit status). With GPUS > 0 task k uses --gpu (k - 1) mod GPUS
# (parallel's {%}, the job slot, counts from 1), so -j 3 -g 1 runs three
# processes on one GPU (NVDEC has several sessions), -j 4 -g 2 two on each.
# The decoder per file, from measurements on the H200 with 16 cores
# (BENCHMARKS.md): HEVC, AV1 and VP9 decode with NVDEC (--hwdec cuda: 4K HEVC
# Main10 210 fps against 127-134 in software), H.264 and the rest in software
# (4K H.264: 245 fps against NVDEC's 107); without GPUs, software always.
# A failed task is said on stderr with its exit code (2: the input cannot be
# opened; 3: pinstripe's own failure) and listed in OUTDIR/batch.log
# (parallel's joblog); run it again alone with the same command and that FILE.
# The exit status is the number of failed tasks (0: all done), as parallel's.
# PINSTRIPE: the binary (default: pinstripe on PATH, else build/pinstripe).
set -euo pipefail
jobs=0 gpus=0 ext=mkv
while getopts "j:g:e:" o; do
  case $o in
  j) jobs=$OPTARG ;; g) gpus=$OPTARG ;; e) ext=$OPTARG ;;
  *) echo "usage: tools/batch.sh [-j JOBS] [-g GPUS] [-e EXT] OUTDIR 'PINSTRIPE OPTIONS' FILE..." >&2; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "usage: tools/batch.sh [-j JOBS] [-g GPUS] [-e EXT] OUTDIR 'PINSTRIPE OPTIONS' FILE..." >&2; exit 1; }
command -v parallel >/dev/null || { echo "batch: GNU parallel is not installed (apt-get install parallel)" >&2; exit 1; }
out=$1 opts=$2; shift 2
bin=${PINSTRIPE:-$(command -v pinstripe || echo "$(dirname "$0")/../build/pinstripe")}
[ -x "$bin" ] || { echo "batch: no pinstripe binary ($bin): set PINSTRIPE" >&2; exit 1; }
mkdir -p "$out"
[ "$jobs" -gt 0 ] 2>/dev/null || jobs=$(nproc)

# one task: $1 the job slot, $2 the file
task() {
  local slot=$1 in=$2 name gpu=() hw=() codec rc
  name=$(basename "${in%.*}")
  local part="$OUT/$name.part.$EXT" dst="$OUT/$name.$EXT"
  if [ "$GPUS" -gt 0 ]; then
    gpu=(--backend cuda --gpu $(((slot - 1) % GPUS)))
    codec=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name -of csv=p=0 "$in" 2>/dev/null || true)
    case $codec in hevc|av1|vp9) hw=(--hwdec cuda) ;; esac
  fi
  rm -f "$part"
  # shellcheck disable=SC2086 # the options are words, as on a command line
  "$BIN" -q --no-display "${gpu[@]}" "${hw[@]}" --progress-format json --progress "$OUT/$name.progress.json" \
    $OPTS -o "$part" "$in" && rc=0 || rc=$?
  if [ $rc -ne 0 ]; then
    rm -f "$part"
    echo "batch: FAILED '$in' (pinstripe exit $rc); again alone: tools/batch.sh $OUT '$OPTS' '$in'" >&2
    return $rc
  fi
  mv -f "$part" "$dst"
}
export -f task
export OUT=$out EXT=$ext GPUS=$gpus OPTS=$opts BIN=$bin
rc=0
parallel --will-cite -j "$jobs" --halt never --joblog "$out/batch.log" task '{%}' '{}' ::: "$@" || rc=$?
if [ $rc -eq 0 ]; then
  echo "batch: $# of $# done into $out" >&2
else
  echo "batch: $(($# - rc)) of $# done into $out, $rc failed (see $out/batch.log)" >&2
fi
exit $rc
