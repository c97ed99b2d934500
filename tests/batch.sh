#!/usr/bin/env bash
# Batches (issue 28, item 7). parallel: tools/batch.sh on GNU parallel, -j 2,
# over four clips and one that cannot be opened: four outputs, each the same
# frames as a single run's; the bad one's task fails with a line naming it
# (exit 2, in the joblog), the others finish, no .part file is left; run again
# alone it fails the same way, a good one alone succeeds. slurm:
# tools/pinstripe.sbatch as a job array on a one-node Slurm started here, one
# input a task, and one segment of a file a task joined after them.
case_name=${1:?usage: batch.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
batch=$(dirname "$0")/../tools/batch.sh

case $case_name in
parallel)
  command -v parallel >/dev/null || fail "no GNU parallel (tools/install-deps.sh installs it)"
  for i in 1 2 3 4; do
    ff -f lavfi -i "testsrc2=size=$((160 + 32 * i))x$((96 + 16 * i)):rate=25" -t 1 -pix_fmt yuv420p \
       -c:v libx264 -preset ultrafast "$tmp/clip$i.mp4"
  done
  head -c 5000 /dev/urandom >"$tmp/broken.mp4"
  opts="-t eq=contrast=1.2,sepia -c rawvideo"
  PINSTRIPE=$bin "$batch" -j 2 -e nut "$tmp/res" "$opts" "$tmp"/clip1.mp4 "$tmp"/clip2.mp4 "$tmp/broken.mp4" \
    "$tmp"/clip3.mp4 "$tmp"/clip4.mp4 2>"$tmp/batch.err"
  rc=$?; cat "$tmp/batch.err"
  [ $rc = 1 ] || fail "batch exit $rc, expected 1 (one task failed)"
  grep -q "FAILED '$tmp/broken.mp4' (pinstripe exit 2)" "$tmp/batch.err" || fail "the failed task is not named"
  awk -F'\t' 'NR > 1 && $7 == 2' "$tmp/res/batch.log" | grep -q broken.mp4 || fail "the joblog has no exit 2 for broken.mp4"
  ls "$tmp/res"/*.part.* 2>/dev/null && fail "a .part file was left"
  for i in 1 2 3 4; do
    expect 0 -q --no-display $opts -o "$tmp/one$i.nut" "$tmp/clip$i.mp4"
    a=$(ffmpeg -v error -i "$tmp/res/clip$i.nut" -f framemd5 - | grep -v '^#') || fail "clip$i.nut does not read back"
    b=$(ffmpeg -v error -i "$tmp/one$i.nut" -f framemd5 - | grep -v '^#')
    [ -n "$a" ] && [ "$a" = "$b" ] || fail "clip$i: the batch's frames differ from a single run's"
    tail -n 1 "$tmp/res/clip$i.progress.json" | grep -q '"done":true,"status":0' || fail "clip$i: no done line"
  done
  [ "$(ls "$tmp/res"/*.nut | wc -l)" = 4 ] || fail "expected 4 outputs"
  PINSTRIPE=$bin "$batch" "$tmp/res" "$opts" "$tmp/broken.mp4" 2>/dev/null && fail "broken.mp4 alone succeeded"
  rm "$tmp/res/clip2.nut"
  PINSTRIPE=$bin "$batch" -e nut "$tmp/res" "$opts" "$tmp/clip2.mp4" 2>/dev/null || fail "clip2.mp4 alone failed"
  [ -s "$tmp/res/clip2.nut" ] || fail "clip2.mp4 alone: no output"
  ;;
slurm)
  # a single-node Slurm from Debian's packages, started here as root without
  # systemd (munged as the munge user; slurmctld and slurmd in the foreground, in
  # the background), then tools/pinstripe.sbatch as a job array over three inputs,
  # one broken: two outputs equal to single runs, the broken task FAILED (exit 2)
  # in `scontrol show job`, and re-run alone (--array=K) it fails again; every
  # daemon started is stopped
  [ "$(id -u)" = 0 ] || { echo "not root: skipped"; exit 77; }
  for c in munged slurmctld slurmd sbatch scontrol sinfo; do
    command -v $c >/dev/null || fail "no $c (tools/install-deps.sh installs slurm-wlm and munge)"
  done
  # munged runs as the munge user: its socket, pid, log and seed go in a folder of
  # its own under /run (or /tmp), not under the checkout, which may sit in a 0700
  # home (/root) that the munge user cannot traverse. The folder is the munge
  # user's, 0755: munged refuses a socket in a folder others cannot traverse
  # ("Socket is inaccessible: execute permissions for all required"), and one
  # others can write to. PINSTRIPE_TEST_MUNGE_SOCKET plants another socket path
  # (slurm_failfast: one munged cannot create)
  sl=$tmp/slurm; mkdir -p "$sl/state" "$sl/spool"
  mu=$(mktemp -d "$( [ -w /run ] && echo /run || echo /tmp )/pinstripe-munge.XXXXXX") || fail "no folder for munged"
  chown munge: "$mu" && chmod 0755 "$mu" || fail "cannot give $mu to the munge user"
  echo "munged's folder: $mu"
  sock=${PINSTRIPE_TEST_MUNGE_SOCKET:-$mu/socket}
  names=(munged slurmctld slurmd); logs=("$mu/log $sl/munged.out" "$sl/ctld.log $sl/ctld.out" "$sl/d.log $sl/d.out")
  pids=()
  stop_all() { # (munged's own pid: runuser's child)
    for p in "${pids[@]:1}" $(cat "$mu/pid" 2>/dev/null); do kill "$p" 2>/dev/null; done; wait 2>/dev/null
    rm -rf "$mu"
  }
  trap 'stop_all; kill $xvfb 2>/dev/null' EXIT
  # a daemon that has exited: fail at once, naming it, with the last lines of its log
  check_daemons() {
    local k f
    for k in "${!pids[@]}"; do
      kill -0 "${pids[$k]}" 2>/dev/null && continue
      for f in ${logs[$k]}; do [ -s "$f" ] && { echo "--- $f"; tail -n 5 "$f"; }; done >&2
      fail "${names[$k]} exited while Slurm was starting (its log above)"
    done
  }
  runuser -u munge -- munged --foreground --socket="$sock" --pid-file="$mu/pid" \
    --log-file="$mu/log" --seed-file="$mu/seed" >"$sl/munged.out" 2>&1 & pids+=($!)
  for _ in $(seq 100); do [ -S "$sock" ] && break; check_daemons; sleep 0.1; done
  [ -S "$sock" ] || { check_daemons; fail "munged made no socket at $sock in 10 s"; }
  cat >"$sl/slurm.conf" <<CONF
ClusterName=pinstripe-test
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
StateSaveLocation=$sl/state
SlurmdSpoolDir=$sl/spool
SlurmctldPidFile=$sl/ctld.pid
SlurmdPidFile=$sl/d.pid
SlurmctldLogFile=$sl/ctld.log
SlurmdLogFile=$sl/d.log
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
NodeName=localhost CPUs=2 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$sl/slurm.conf
  slurmctld -D -i >"$sl/ctld.out" 2>&1 & pids+=($!)
  slurmd -D -N localhost >"$sl/d.out" 2>&1 & pids+=($!)
  t0=$(date +%s)
  for _ in $(seq 100); do
    timeout 2 sinfo -h -o %t 2>/dev/null | grep -q idle && break; check_daemons; sleep 0.1
  done
  timeout 2 sinfo -h -o %t 2>/dev/null | grep -q idle ||
    { tail -n 5 "$mu/log" "$sl"/*.log "$sl"/*.out >&2; fail "Slurm did not come up in $(( $(date +%s) - t0 )) s"; }
  echo "Slurm up in $(( $(date +%s) - t0 )) s"
  for i in 1 2; do
    ff -f lavfi -i "testsrc2=size=$((160 + 32 * i))x120:rate=25" -t 1 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/s$i.mp4"
  done
  head -c 5000 /dev/urandom >"$tmp/sbroken.mp4"
  printf '%s\n' "$tmp/s1.mp4" "$tmp/sbroken.mp4" "$tmp/s2.mp4" >"$tmp/list.txt"
  opts="-t sepia -c rawvideo"
  sbatch_=$(cd "$(dirname "$0")/.." && pwd)/tools/pinstripe.sbatch
  job=$(cd "$tmp" && PINSTRIPE=$bin EXT=nut sbatch --parsable --wait --array=0-2 "$sbatch_" "$tmp/list.txt" "$tmp/sres" "$opts")
  echo "job $job done"
  for k in 0 1 2; do
    st=$(scontrol show job "${job}_$k" | grep -o 'JobState=[A-Z]*' | head -n 1)
    ec=$(scontrol show job "${job}_$k" | grep -o ' ExitCode=[0-9:]*' | head -n 1)
    echo "task $k: $st$ec"
    if [ $k = 1 ]; then [ "$st" = JobState=FAILED ] && [ "$ec" = " ExitCode=2:0" ] || fail "task 1: $st$ec"
    else [ "$st" = JobState=COMPLETED ] || fail "task $k: $st$ec"; fi
  done
  for i in 1 2; do
    expect 0 -q --no-display $opts -o "$tmp/sone$i.nut" "$tmp/s$i.mp4"
    a=$(ffmpeg -v error -i "$tmp/sres/s$i.nut" -f framemd5 - | grep -v '^#') || fail "s$i.nut does not read back"
    [ -n "$a" ] && [ "$a" = "$(ffmpeg -v error -i "$tmp/sone$i.nut" -f framemd5 - | grep -v '^#')" ] ||
      fail "s$i: the array's frames differ from a single run's"
  done
  ls "$tmp/sres"/*.part.* 2>/dev/null && fail "a .part file was left"
  grep -q "task 1 FAILED: '$tmp/sbroken.mp4' (pinstripe exit 2)" "$tmp"/pinstripe-"${job}"_1.log || fail "task 1's log does not say it"
  again=$(cd "$tmp" && PINSTRIPE=$bin EXT=nut sbatch --parsable --wait --array=1 "$sbatch_" "$tmp/list.txt" "$tmp/sres" "$opts")
  scontrol show job "${again}_1" | grep -q 'JobState=FAILED' || fail "task 1 alone: $(scontrol show job "${again}_1" | grep -o 'JobState=[A-Z]*')"
  # one long file in 1 s segments (3 tasks, keyframes every 2 s, B-frames), joined by a
  # job after them: the same frames as a single run
  ff -f lavfi -i testsrc2=size=192x108:rate=25 -t 2.8 -pix_fmt yuv420p -c:v libx264 -g 50 -bf 3 "$tmp/long.mp4"
  n=$(PINSTRIPE=$bin "$sbatch_" --count 1 "$tmp/long.mp4"); [ "$n" = 3 ] || fail "--count 1 of 2.8 s: $n"
  job=$(cd "$tmp" && PINSTRIPE=$bin EXT=nut sbatch --parsable --array=0-$((n - 1)) "$sbatch_" --segment 1 "$tmp/long.mp4" "$tmp/seg" "$opts")
  join=$(cd "$tmp" && EXT=nut sbatch --parsable --wait --dependency=afterok:"$job" "$sbatch_" --join 1 "$tmp/long.mp4" "$tmp/seg")
  scontrol show job "$join" | grep -q 'JobState=COMPLETED' || { cat "$tmp"/pinstripe-"$join"*.log; fail "the join: $(scontrol show job "$join" | grep -o 'JobState=[A-Z]*')"; }
  expect 0 -q --no-display $opts -o "$tmp/longone.nut" "$tmp/long.mp4"
  a=$(ffmpeg -v error -i "$tmp/seg/long.nut" -f framemd5 - | grep -v '^#' | cut -d, -f6) || fail "the joined file does not read back"
  b=$(ffmpeg -v error -i "$tmp/longone.nut" -f framemd5 - | grep -v '^#' | cut -d, -f6)
  [ "$(wc -l <<<"$a")" = 70 ] && [ "$a" = "$b" ] || fail "the joined segments ($(wc -l <<<"$a") frames) differ from a single run's (70)"
  ls "$tmp/seg" | grep -E '\.seg-[0-9]+\.nut$|\.part\.' && fail "segments or a .part left"
  echo "3 segments of 1 s joined: the single run's 70 frames"
  ;;
slurm_failfast)
  # a planted failure: munged given a socket path it cannot create must end the
  # slurm case within 15 s with munged's own error line, not a wait on sinfo
  [ "$(id -u)" = 0 ] || { echo "not root: skipped"; exit 77; }
  command -v munged >/dev/null || fail "no munged (tools/install-deps.sh installs munge)"
  t0=$(date +%s)
  PINSTRIPE_TEST_MUNGE_SOCKET=/nonexistent-$$/socket E2E_TMP=$tmp bash "$0" slurm >"$tmp/out" 2>&1; rc=$?
  dt=$(( $(date +%s) - t0 )); cat "$tmp/out"
  [ $rc != 0 ] || fail "the slurm case passed with a socket munged cannot create"
  [ $dt -lt 15 ] || fail "the slurm case took $dt s to fail (15 s at most)"
  grep -q 'munged exited while Slurm was starting' "$tmp/out" || fail "the failure does not name munged"
  grep -qi 'munged: Error' "$tmp/out" || fail "munged's own error line is not shown"
  mu=$(sed -n "s/^munged's folder: //p" "$tmp/out")
  [ -n "$mu" ] && [ ! -e "$mu" ] || fail "munged's folder ($mu) was left"
  echo "failed in $dt s, naming munged"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "PASS $case_name"
