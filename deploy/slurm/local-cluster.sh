#!/usr/bin/env bash
# local-cluster.sh up|down STATE_DIR: a Slurm cluster of one node, this
# machine, for tests (the CI's endgame step); not for production.
#
#   up    writes STATE_DIR/slurm.conf and a new munge key, starts munged,
#         slurmctld and slurmd as root in the foreground of background
#         processes, records their process ids in STATE_DIR/pids, and
#         waits (at most two minutes) until the node takes jobs. Then
#           export SLURM_CONF=STATE_DIR/slurm.conf
#         points sbatch, squeue and scontrol at it.
#   down  kills the processes recorded in STATE_DIR/pids, and nothing
#         else, then waits for them to end.
#
# Needs root and Debian's slurm-wlm and munge (apt-get install slurm-wlm
# munge). The cluster has no accounting, no cgroups and no other node; its
# daemons listen on the ports of SLURM_LOCAL_PORTS (default 16817 and
# 16818, not Slurm's own 6817 and 6818, so that it does not meet a real
# cluster's daemons on the machine).
set -euo pipefail

usage() {
	echo "usage: $0 up|down STATE_DIR" >&2
	exit 2
}
[ $# -eq 2 ] || usage
action=$1
state=$2

down() {
	local pid
	[ -f "$state/pids" ] || return 0
	while read -r pid; do
		kill "$pid" 2>/dev/null || true
	done <"$state/pids"
	for _ in $(seq 50); do
		local alive=0
		while read -r pid; do
			if kill -0 "$pid" 2>/dev/null; then alive=1; fi
		done <"$state/pids"
		[ $alive -eq 0 ] && break
		sleep 0.2
	done
	while read -r pid; do
		kill -KILL "$pid" 2>/dev/null || true
	done <"$state/pids"
	rm -f "$state/pids"
}

up() {
	[ "$(id -u)" -eq 0 ] || {
		echo "$0: needs root (slurmd runs the jobs as their users)" >&2
		exit 2
	}
	for cmd in munged slurmctld slurmd sinfo; do
		command -v "$cmd" >/dev/null || {
			echo "$0: $cmd not found: apt-get install slurm-wlm munge" >&2
			exit 2
		}
	done
	[ ! -f "$state/pids" ] || {
		echo "$0: $state/pids exists: a cluster is up there (run down first)" >&2
		exit 2
	}
	mkdir -p "$state"
	state=$(cd "$state" && pwd)
	mkdir -p "$state/ctld" "$state/spool" "$state/munge"
	chmod 700 "$state/munge"
	# munged wants its key and socket directory owned by its user (root
	# here) and closed to others.
	dd if=/dev/urandom of="$state/munge/munge.key" bs=1024 count=1 status=none
	chmod 400 "$state/munge/munge.key"
	local node cpus mem ports
	node=$(hostname -s)
	cpus=$(nproc)
	mem=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
	ports=${SLURM_LOCAL_PORTS:-16817 16818}
	set -- $ports
	cat >"$state/slurm.conf" <<EOF
# A one-node cluster for tests, written by deploy/slurm/local-cluster.sh.
ClusterName=hexdame-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$1
SlurmdPort=$2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$state/munge/munge.socket,cred_expire=10
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
# Requeued jobs may start again at once (the default waits).
JobRequeue=1
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
	: >"$state/pids"
	munged --foreground --force --socket="$state/munge/munge.socket" --key-file="$state/munge/munge.key" \
		--pid-file="$state/munge/munged.pid" --log-file="$state/munge/munged.log" \
		--seed-file="$state/munge/munged.seed" >>"$state/munge/munged.out" 2>&1 &
	echo $! >>"$state/pids"
	for _ in $(seq 50); do
		[ -S "$state/munge/munge.socket" ] && break
		sleep 0.2
	done
	export SLURM_CONF=$state/slurm.conf
	slurmctld -D -i -f "$SLURM_CONF" >>"$state/slurmctld.out" 2>&1 &
	echo $! >>"$state/pids"
	slurmd -D -f "$SLURM_CONF" >>"$state/slurmd.out" 2>&1 &
	echo $! >>"$state/pids"
	local why="the node did not come up within two minutes"
	for _ in $(seq 600); do
		if sinfo -h -N -o '%t' 2>/dev/null | grep -qx 'idle'; then
			echo "local Slurm cluster up: node $node, $cpus CPUs, $mem MB; export SLURM_CONF=$SLURM_CONF"
			return 0
		fi
		if ! xargs -n 1 kill -0 <"$state/pids" 2>/dev/null; then
			why="a daemon ended (another cluster on the ports $ports?)"
			break
		fi
		sleep 0.2
	done
	echo "$0: $why; logs in $state" >&2
	tail -n 5 "$state/slurmctld.log" "$state/slurmd.log" >&2 || true
	down
	exit 1
}

case $action in
up) up ;;
down) down ;;
*) usage ;;
esac
