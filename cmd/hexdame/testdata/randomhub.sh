#!/bin/sh
# A Hub engine (HUB.md) in POSIX sh that plays random legal moves by asking
# the hexdame tool for them: the kind of third-party engine that hexdame
# match must run with no change to the project. $HEXDAME names the tool
# (default: hexdame on the PATH).
set -f
hexdame=${HEXDAME:-hexdame}
start=Wbbbbbbbbbbebbbeebbeeebeeeeeeeeeeeeeeeeeweeewweewwwewwwwwwwwww
pos=$start
moves=
seed=$$

# value NAME LINE prints the value of the argument NAME in LINE, quoted or not.
value() {
	printf '%s\n' "$2" | sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p; t
s/.* $1=\([^ \"]*\).*/\1/p"
}

while IFS= read -r line; do
	set -- $line
	case $1 in
	hub)
		echo 'id name="sh random" version=1 author="hexdame tests"'
		echo 'param name=variant value=hexdame type=enum values=hexdame'
		echo wait ;;
	init) echo ready ;;
	ping) echo pong ;;
	pos)
		pos=$(value pos "$line")
		[ -n "$pos" ] || pos=$start
		moves=$(value moves "$line") ;;
	go)
		fen=$($hexdame play -hub -fen "$pos" $moves | head -n 1)
		move=$($hexdame moves -hub -fen "$fen" |
			awk -v s="$seed" 'BEGIN { srand(s) } { m[NR] = $0 } END { if (NR) print m[int(rand() * NR) + 1] }')
		seed=$((seed + 1))
		echo "done move=$move" ;;
	quit) exit 0 ;;
	esac
done
