#!/usr/bin/env bash
# submit-build.sh [FLAGS] TABLES_DIR: submits the build of the endgame
# tables to Slurm, level by level: one array job per level, a task per
# material (build-task.sh: "hexdame endgame build -material M TABLES_DIR"),
# each level held with --dependency=afterok until the level before has
# finished without error. It prints "LEVEL JOBID TASKS MEM" for each level
# on standard error and the last level's job id on standard output, and
# returns at once: squeue and scontrol show the build's progress.
#
#   -pieces N       the tables of 2 to N pieces (default 4)
#   -only ERE       only the materials whose name matches the extended
#                   regular expression ERE (such as '^K+vK+$', kings only);
#                   the others must be in TABLES_DIR already
#   -workers W      goroutines (and CPUs asked) per task (default 1)
#   -requeues R     a task whose build dies of a signal is requeued at most
#                   R times (default 2)
#   -hexdame PATH   the hexdame binary, on every node (default: hexdame on PATH)
#   -work DIR       where the levels' lists and the tasks' logs go (default
#                   TABLES_DIR/slurm); it must be on storage every node sees
#   -sbatch ARGS    more arguments for every sbatch (a partition, an account)
#
# Each task asks for the memory its level's largest build takes (hexdame
# endgame materials -memory), plus 10% and 100 MiB for the program.
set -euo pipefail

pieces=4 only='' workers=1 requeues=2 hexdame='' work='' extra=''
usage() {
	echo "usage: $0 [-pieces N] [-only ERE] [-workers W] [-requeues R] [-hexdame PATH] [-work DIR] [-sbatch ARGS] TABLES_DIR" >&2
	exit 2
}
while [ $# -gt 1 ]; do
	case $1 in
	-pieces) pieces=$2 ;;
	-only) only=$2 ;;
	-workers) workers=$2 ;;
	-requeues) requeues=$2 ;;
	-hexdame) hexdame=$2 ;;
	-work) work=$2 ;;
	-sbatch) extra=$2 ;;
	*) usage ;;
	esac
	shift 2
done
[ $# -eq 1 ] || usage
case $1 in -*) usage ;; esac
hexdame=${hexdame:-$(command -v hexdame || true)}
[ -x "$hexdame" ] || {
	echo "$0: no hexdame binary: give -hexdame PATH" >&2
	exit 2
}
hexdame=$(cd "$(dirname "$hexdame")" && pwd)/$(basename "$hexdame")
mkdir -p "$1"
dir=$(cd "$1" && pwd)
work=${work:-$dir/slurm}
mkdir -p "$work"
work=$(cd "$work" && pwd)
task=$(cd "$(dirname "$0")" && pwd)/build-task.sh

all=$("$hexdame" endgame materials -memory -pieces "$pieces")
if [ -n "$only" ]; then
	all=$(echo "$all" | awk -v re="$only" '$2 ~ re')
fi
[ -n "$all" ] || {
	echo "$0: no materials to build" >&2
	exit 2
}
prev=''
for level in $(echo "$all" | cut -d' ' -f1 | uniq); do
	list=$work/level-$level.txt
	echo "$all" | awk -v l="$level" '$1 == l { print $2 }' >"$list"
	n=$(wc -l <"$list")
	mem=$(echo "$all" | awk -v l="$level" '$1 == l && $3 > m { m = $3 } END { print int(m * 1.1) + 100 }')
	# shellcheck disable=SC2086 # -sbatch's arguments are split on purpose
	prev=$(sbatch --parsable --job-name="egt-$level" --array="1-$n" \
		${prev:+--dependency=afterok:$prev} --kill-on-invalid-dep=no --requeue \
		--cpus-per-task="$workers" --mem="${mem}M" \
		--output="$work/level-$level-%a.out" --open-mode=append $extra \
		"$task" "$list" "$dir" "$workers" "$hexdame" "$requeues")
	prev=${prev%%;*}
	echo "$level $prev $n ${mem}M" >&2
done
echo "$prev"
