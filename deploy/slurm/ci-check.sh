#!/usr/bin/env bash
# ci-check.sh: the CI's check of the Slurm build (.ci/run runs it; it runs
# alone too, as root, from anywhere in the repository). It installs Slurm
# and munge if they are missing (Debian), brings up a local one-node
# cluster (local-cluster.sh), submits the build of the endgame tables up
# to 4 pieces (submit-build.sh: an array job per level, each after the one
# before), kills the build of one task in the middle of its run with
# SIGKILL, and checks that
#   - every job ends COMPLETED, the killed task requeued once;
#   - every table is byte for byte the table of a plain
#     "hexdame endgame build -pieces 4", built beside it;
#   - no partial file is left (a stale M.egt.*.tmp, as a task killed while
#     writing leaves, is planted first: the task that owns M removes it).
# Then it tears the cluster down. About two minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

victim=KMvKM # the largest table of 4 pieces: a few seconds of build
timeout=600  # seconds for the whole build through Slurm

need=()
command -v slurmctld >/dev/null || need+=(slurm-wlm)
command -v munged >/dev/null || need+=(munge)
if [ ${#need[@]} -gt 0 ]; then
	echo "installing ${need[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
slurmctld -V

work=$(mktemp -d)
cleanup() {
	"$repo/deploy/slurm/local-cluster.sh" down "$work/cluster" || true
	[ -z "${plain:-}" ] || kill "$plain" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/hexdame" ./cmd/hexdame
deploy/slurm/local-cluster.sh up "$work/cluster"
export SLURM_CONF=$work/cluster/slurm.conf

mkdir -p "$work/tables"
head -c 1000 /dev/urandom >"$work/tables/$victim.egt.123456.tmp"
start=$SECONDS
deploy/slurm/submit-build.sh -pieces 4 -hexdame "$work/hexdame" -work "$work/jobs" "$work/tables" >/dev/null 2>"$work/levels"
ids=$(cut -d' ' -f2 "$work/levels" | paste -sd,)
# The plain build, at the same time.
"$work/hexdame" endgame build -pieces 4 -workers 1 "$work/plain" 2>"$work/plain.log" &
plain=$!

# Kill the victim's build as soon as it runs.
pattern="endgame build -workers 1 -material $victim $work/tables"
pid=''
while [ -z "$pid" ]; do
	if [ $((SECONDS - start)) -gt $timeout ]; then
		echo "the build of $victim did not start within $timeout s"
		squeue
		exit 1
	fi
	pid=$(pgrep -f -- "$pattern" || true)
	sleep 0.05
done
kill -KILL "$pid"
echo "killed the build of $victim (process $pid) after $((SECONDS - start)) s"

while [ -n "$(squeue -h -j "$ids" 2>/dev/null)" ]; do
	if [ $((SECONDS - start)) -gt $timeout ]; then
		echo "the build through Slurm is not done after $timeout s"
		squeue
		exit 1
	fi
	sleep 1
done
echo "the build through Slurm: $((SECONDS - start)) s"
wait "$plain"
plain=''

status=0
jobs=$(scontrol show job -o)
if echo "$jobs" | grep -v 'JobState=COMPLETED' | grep -q .; then
	echo "jobs not completed:"
	echo "$jobs" | grep -v 'JobState=COMPLETED'
	status=1
fi
if ! echo "$jobs" | grep -q "Restarts=1 .*Command=.*build-task.sh" || ! grep -q "requeueing" "$work"/jobs/level-*.out; then
	echo "no task was requeued"
	status=1
fi
grep -h "died of signal" "$work"/jobs/level-*.out || true
n=0
for f in "$work"/plain/*.egt; do
	if ! cmp "$f" "$work/tables/$(basename "$f")"; then
		status=1
	fi
	n=$((n + 1))
done
extra=$(cd "$work/tables" && ls | grep -v -x -F -f <(cd "$work/plain" && ls) || true)
if [ -n "$extra" ]; then
	echo "files left beside the tables: $extra"
	status=1
fi
[ $n -eq 23 ] || {
	echo "$n tables in the plain build, want 23"
	status=1
}
if [ $status -eq 0 ]; then
	echo "all $n tables built through Slurm are the plain build's, byte for byte; nothing else left"
fi
exit $status
