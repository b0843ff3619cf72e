#!/usr/bin/env bash
# Measures the playing levels' strength in a variant, where no outside engine
# plays: games between neighbouring levels (Skill Level n against n+1),
# refereed by tempest-dev match, and one rating per level fitted by
# tempest-dev ratings with the greedy level held at 1000 (docs/STRENGTH.md,
# "The levels in each game"):
#
#	tuning/levels/variants.sh KIND [stage...]     # KIND: chessmate chameleon2 chameleon4 stratego; stages: timing chain fit
#
# timing plays 2 games of each pairing and prints how long each took (to
# budget the chain); chain plays the pairings, GAMES games each (one PGN per
# pairing, named by its players: L4-L5.pgn; a finished pairing is skipped,
# so an interrupted run resumes); fit prints the fit. Default: chain fit.
#
# Chameleon Chess of four players (chameleon4) has no pairs: chain plays
# windows of four levels (0-3, 2-5, 4-7, 6-9, 7-10), all four colours
# seated and rotating, GAMES games each (a multiple of 4), and fit rates
# the levels by who won each game (tempest-dev ratings -winners:
# Plackett-Luce's first choice, Elo's model where two play), from the
# referee's game lines (W2-W5.txt, the seats renamed to their levels).
#
# Environment: DEV (a tempest-dev binary; default: built into $OUT from this
# tree), OUT (default levels-KIND), GAMES (games per pairing, a multiple of
# 2: every opening is played with the colours swapped; "n:G" words set
# pairing n-(n+1) alone, e.g. "40 0:20 9:20"), NICE (default 10).
#
# Conditions, fixed so that the load of the machine cannot change a game:
# levels 0-9 get "go nodes 5000000", which their own depth or node limit
# narrows long before (levels 2-5 also keep their own move-time caps,
# 200 ms to 1 s: movetimes.py shows whether they bind); full strength
# (level 10) gets FULL nodes a move (default per kind below: about what a
# phone reaches in the app's default second, taking a phone for half this
# machine's speed: card chess 20,000, Chameleon Chess 300,000, Stratego
# 200,000; docs/STRENGTH.md gives the earlier runs at smaller ones). Openings
# come from the seeds below: card chess's deal and Stratego's armies from
# "startpos seed", Chameleon Chess's two players (Red and Yellow) with 4
# random plies. The levels' own random choices are seeded from the clock
# at every "go" (as in the app), so a rerun plays other games.
set -euo pipefail
KIND=${1:?usage: variants.sh chessmate|chameleon2|chameleon4|stratego [timing|chain|fit ...]}
shift
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$HERE/../..
OUT=${OUT:-levels-$KIND}
NICE=${NICE:-10}
mkdir -p "$OUT"

case $KIND in
chessmate)
	VARIANT=chessmate START=() FULL=${FULL:-20000} SEED=7100 ;;
chameleon2)
	VARIANT=chameleon START=(-start "players ry") FULL=${FULL:-300000} SEED=7200 ;;
chameleon4)
	VARIANT=chameleon START=() FULL=${FULL:-300000} SEED=7400 ;;
stratego)
	VARIANT=stratego START=() FULL=${FULL:-200000} SEED=7300 ;;
*)
	echo "variants.sh: unknown kind $KIND (chessmate, chameleon2, chameleon4, stratego)" >&2
	exit 2 ;;
esac

if [ -z "${DEV:-}" ]; then
	DEV=$OUT/tempest-dev
	(cd "$ROOT" && nice -n "$NICE" go build -o "$OLDPWD/$DEV" ./cmd/tempest-dev)
fi

# games N: the games of pairing N-(N+1), from GAMES.
games() {
	local n=$1 g=40 w
	for w in ${GAMES:-40}; do
		case $w in
		*:*) [ "${w%%:*}" = "$n" ] && g=${w#*:} ;;
		*) g=$w ;;
		esac
	done
	echo "$g"
}

# pair N GAMES FILE: Skill Level N (engine 1) against N+1 (engine 2), both
# colours of every opening, the PGN's players renamed to L<level> for the fit.
pair() {
	local n=$1 g=$2 file=$3 m=$(($1 + 1))
	local go2=(-go2 "nodes 5000000")
	[ "$m" = 10 ] && go2=(-go2 "nodes $FULL")
	rm -f "$file.part"
	nice -n "$NICE" "$DEV" match -variant "$VARIANT" "${START[@]}" -games "$g" -seed $((SEED + 100 * n)) \
		-concurrency 2 -go "nodes 5000000" "${go2[@]}" \
		-option1 "Skill Level=$n" -option2 "Skill Level=$m" -pgn "$file.part" >"${file%.pgn}.txt"
	sed -E 's/^\[(White|Black|Red|Blue|Yellow|Green) "engine[0-9]: [^"]*Skill Level=([0-9]+)\)"\]$/[\1 "L\2"]/' \
		"$file.part" >"$file"
	rm -f "$file.part"
}

timing() {
	local n t0
	for n in 0 1 2 3 4 5 6 7 8 9; do
		t0=$(date +%s%N)
		pair "$n" 2 "$OUT/time-L$n-L$((n + 1)).pgn"
		echo "L$n-L$((n + 1)): 2 games in $((($(date +%s%N) - t0) / 1000000)) ms," \
			"$(grep -o 'in [0-9]* plies' "$OUT/time-L$n-L$((n + 1)).txt" | tr '\n' ' ')"
	done
}

# window A B C D: the four levels in the seats of engines 1-4, the referee's
# output kept with each engine named by its level, for the fit by winners.
window() {
	local levels=("$@") file=$OUT/W$1-W$4.txt seat opts=() g
	if [ -s "$file" ]; then
		echo "skip levels $*: $file exists"
		return
	fi
	for seat in 1 2 3 4; do
		opts+=(-option$seat "Skill Level=${levels[seat - 1]}")
		[ "${levels[seat - 1]}" = 10 ] && opts+=(-go$seat "nodes $FULL")
	done
	g=$(games "$1")
	nice -n "$NICE" "$DEV" match -variant "$VARIANT" "${START[@]}" -games "$g" -seed $((SEED + 100 * $1)) \
		-concurrency 2 -go "nodes 5000000" "${opts[@]}" -pgn "$file.pgn" >"$file.part"
	sed -E -e "s/=engine1([( ])/=L$1\1/g" -e "s/=engine2([( ])/=L$2\1/g" -e "s/=engine3([( ])/=L$3\1/g" \
		-e "s/=engine4([( ])/=L$4\1/g" "$file.part" >"$file"
	rm -f "$file.part"
	grep -c '^game ' "$file" | sed "s/^/levels $*: games /"
}

chain() {
	local n file
	if [ "$KIND" = chameleon4 ]; then
		window 0 1 2 3
		window 2 3 4 5
		window 4 5 6 7
		window 6 7 8 9
		window 7 8 9 10
		return
	fi
	for n in 0 1 2 3 4 5 6 7 8 9; do
		file=$OUT/L$n-L$((n + 1)).pgn
		if [ -s "$file" ]; then
			echo "skip L$n-L$((n + 1)): $file exists"
			continue
		fi
		pair "$n" "$(games "$n")" "$file"
		grep -E '^engine1 vs engine2' "${file%.pgn}.txt" | sed "s/^/L$n-L$((n + 1)): /"
	done
}

# The fit: greedy (L1) held at 1000; one drawn game added to each pairing
# (BayesElo's prior) keeps a level that lost every game to its neighbour
# finite, a bound rather than a measurement (docs/STRENGTH.md says which).
fit() {
	if [ "$KIND" = chameleon4 ]; then
		"$DEV" ratings -winners -prior 1 -anchor L1=1000 "$OUT"/W*.txt
		return
	fi
	"$DEV" ratings -prior 1 -anchor L1=1000 "$OUT"/L?-L*.pgn
}

[ $# -gt 0 ] || set -- chain fit
for stage in "$@"; do "$stage"; done
