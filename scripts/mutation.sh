#!/usr/bin/env bash
# Mutation testing of the rules core: gremlins mutates the files of the
# rules (the list below) one change at a time and runs the -short tests
# against each mutant. See doc/TESTING.md for the last score and the surviving
# mutants judged equivalent.
#
# Usage: scripts/mutation.sh [--diff REF] [FILE.go...]
#   (default: the rules core; with --diff, only the lines changed since
#   the commit REF, in every file but cmd/, which takes minutes)
# The whole run takes about an hour on two cores. It is not part of .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

GREMLINS_VERSION=v0.6.0 # github.com/go-gremlins/gremlins; a tool, not a dependency of the module
diff=()
if [ "${1:-}" = "--diff" ]; then
	[ $# -ge 2 ] || { echo "usage: $0 [--diff REF] [FILE.go...]" >&2; exit 2; }
	git rev-parse --verify --quiet "$2^{commit}" >/dev/null || { echo "$0: $2 is not a commit" >&2; exit 2; }
	diff=(--diff "$2")
	shift 2
fi
files=("$@")
if [ ${#diff[@]} -gt 0 ] && [ ${#files[@]} -eq 0 ]; then
	files=($(ls *.go | grep -v '_test\.go$'))
elif [ ${#files[@]} -eq 0 ]; then
	# The code of the six files the scores in doc/TESTING.md were taken on,
	# which issue 28 spread over these.
	files=(capture.go legal.go move.go board.go hexdame.go position.go fen.go text.go game.go outcome.go notation.go)
fi

GOBIN="$(go env GOPATH)/bin" go install "github.com/go-gremlins/gremlins/cmd/gremlins@${GREMLINS_VERSION}"
gremlins="$(go env GOPATH)/bin/gremlins"

# Work on a copy, so that a mutant never lands in the working tree and an
# interrupted run leaves nothing behind.
work=$(mktemp -d)
cleanup() {
	pkill -f "${work}" 2>/dev/null || true # stray test binaries of timed-out mutants
	rm -rf "${work}"
}
trap cleanup EXIT
# gremlins' --diff needs the repository, so a diff run copies .git too.
if [ ${#diff[@]} -gt 0 ]; then
	tar --exclude='testdata/rapid' -cf - . | tar -C "${work}" -xf -
else
	tar --exclude=.git --exclude='testdata/rapid' -cf - . | tar -C "${work}" -xf -
fi

# Exclude every Go file but the ones asked for.
exclude=()
for f in $(cd "${work}" && ls *.go); do
	keep=false
	for want in "${files[@]}"; do
		[ "$f" = "$want" ] && keep=true
	done
	$keep || exclude+=(-E "^${f//./\\.}\$")
done
exclude+=(-E '^cmd/')

# The tests the race detector runs, stopping at the first failure: a killed
# mutant then costs one failing test, not the whole suite.
export GOFLAGS="-short -failfast"
export RAPID_NOFAILFILE=1 # a mutant's rapid failures are not replayed later

log="${work}/gremlins.log"
(cd "${work}" && "${gremlins}" unleash \
	--workers 2 --test-cpu 1 --timeout-coefficient 3 \
	--invert-assignments --invert-bitwise --invert-bwassign --invert-logical \
	--invert-loopctrl --remove-self-assignments \
	"${diff[@]}" "${exclude[@]}" . 2>&1 | tee "${log}") || true

# The score per file: killed / (killed + lived); timed out and not covered
# apart.
echo
echo "file           killed  lived  timed-out  not-covered  score"
for f in "${files[@]}"; do
	awk -v f="$f" '
		$0 ~ (" at " f ":") {
			if ($1 == "KILLED") k++
			else if ($1 == "LIVED") l++
			else if ($1 == "TIMED") t++
			else if ($1 == "NOT") n++
		}
		END {
			s = (k + l) ? sprintf("%.1f%%", 100 * k / (k + l)) : "-"
			printf "%-13s %7d %6d %10d %12d  %s\n", f, k, l, t, n, s
		}' "${log}"
done
echo
echo "Surviving mutants:"
grep -E '^ *LIVED' "${log}" || echo "  none"
