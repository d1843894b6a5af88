#!/usr/bin/env bash
# build-task.sh LIST TABLES_DIR WORKERS HEXDAME MAX_REQUEUES: one task of a
# level's Slurm array job (submit-build.sh submits it): it builds the
# material on line SLURM_ARRAY_TASK_ID of LIST into TABLES_DIR with
# "HEXDAME endgame build -material M".
#
# A table already there is kept (the build does nothing), so a task or a
# whole level can be run again. The task owns its material: before the
# build it removes M.egt.*.tmp, the partial file of an earlier run that
# died while writing. When the build dies of a signal (killed, out of
# memory), the task asks Slurm to requeue it, at most MAX_REQUEUES times
# (SLURM_RESTART_COUNT counts them); an error of the build (a missing
# dependency, a corrupt table) fails the task, and with it the levels that
# wait on it.
set -u
[ $# -eq 5 ] || {
	echo "usage: $0 LIST TABLES_DIR WORKERS HEXDAME MAX_REQUEUES" >&2
	exit 2
}
list=$1 dir=$2 workers=$3 hexdame=$4 max_requeues=$5
task=${SLURM_ARRAY_TASK_ID:?not a task of a Slurm array job}
m=$(sed -n "${task}p" "$list")
[ -n "$m" ] || {
	echo "no material on line $task of $list" >&2
	exit 2
}
echo "task $task: $m on $(hostname), run ${SLURM_RESTART_COUNT:-0}, $(date -u +%FT%TZ)"
rm -f "$dir/$m.egt".*.tmp
"$hexdame" endgame build -workers "$workers" -material "$m" "$dir"
status=$?
if [ $status -gt 128 ] && [ "${SLURM_RESTART_COUNT:-0}" -lt "$max_requeues" ]; then
	echo "task $task: $m: the build died of signal $((status - 128)); requeueing"
	scontrol requeue "${SLURM_ARRAY_JOB_ID}_${task}"
fi
echo "task $task: $m: exit $status, $(date -u +%FT%TZ)"
exit $status
