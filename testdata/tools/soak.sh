#!/usr/bin/env bash
# soak.sh - play many games of every kind and count what went wrong.
#
#   testdata/tools/soak.sh ./engine            # run (or resume) the whole soak
#   testdata/tools/soak.sh ./engine summary    # only print the tally so far
#
# The soak of issue 14: 2,000 chess games at mixed time controls (1+0.01 to
# 10+0.1, Threads 1 and 2, Ponder on in part) and 500 games of each variant
# through its driver, Tempest against itself. It is cut into shards of at
# most 100 games, each with its own seed; a finished shard leaves a .done
# file and is skipped when the script runs again, so a stopped soak resumes.
# Output goes to $SOAK_DIR (default ~/.cache/tempest/soak/<engine build>),
# outside git: one directory per shard with the PGN and the driver's log.
#
# Concurrency is chosen so no core is shared: two games at once only where
# one engine thinks at a time on one thread; pondering and Threads 2 play
# one game at a time (see SOAK_ONLY below to run two one-core shards side
# by side). SOAK_GAMES=2 shrinks every shard, for a smoke test of
# the script itself. Nothing else should run on the machine meanwhile: a
# starved engine loses on time at 1+0.01 for reasons that are not its own.
set -euo pipefail

engine=$(readlink -f "${1:?usage: soak.sh ENGINE [summary]}")
# The variants' match referee is a developer tool, not in the engine
# binary: SOAK_DEV names a tempest-dev binary, else one is built here.
mode=${2:-run}
here=$(cd "$(dirname "$0")" && pwd)
build=$(sha256sum "$engine" | cut -c1-12)
dir=${SOAK_DIR:-$HOME/.cache/tempest/soak/$build}
mkdir -p "$dir"

dev=${SOAK_DEV:-}
if [ -z "$dev" ] && [ "$mode" = run ]; then
	dev="$dir/tempest-dev"
	(cd "$here/../.." && go build -o "$dev" ./cmd/tempest-dev)
fi

book="$dir/2moves_v1.epd"
[ -s "$book" ] || xz -dc "$here/../openings/2moves_v1.epd.xz" > "$book"

# name games concurrency tc options   (chess shards, 100 games at most)
chess_plan() {
	# 2,000 games: most at the fastest control, where a slow answer loses.
	for i in 1 2 3 4 5 6 7 8 9; do echo "c1-$i 100 2 1+0.01 -"; done
	echo "c1t2-1 100 1 1+0.01 threads2"
	echo "c1t2-2 100 1 1+0.01 threads2"
	echo "c1p-1 100 1 1+0.01 ponder"
	echo "c1p-2 100 1 1+0.01 ponder"
	for i in 1 2 3; do echo "c2-$i 100 2 2+0.02 -"; done
	echo "c3-1 100 2 3+0.03 -"
	echo "c3-2 100 2 3+0.03 -"
	echo "c3p 50 1 3+0.03 ponder"
	echo "c5 50 2 5+0.05 -"
	echo "c5t2 50 1 5+0.05 threads2"
	echo "c10 40 2 10+0.1 -"
	echo "c10p 10 1 10+0.1 ponder"
}

# name variant seats games args...   (variant shards, 100 games each, refereed
# by tempest-dev match; the seats are the engine at every one of them)
variant_plan() {
	cat <<'PLAN'
cm1 chessmate 2 100 -go movetime 40 -max-plies 400
cm2 chessmate 2 100 -go movetime 15 -max-plies 400
cm3 chessmate 2 100 -go nodes 8000 -max-plies 400
cm4 chessmate 2 100 -go depth 3 -max-plies 400
cm5 chessmate 2 100 -go wtime 2000 btime 2000 winc 20 binc 20 -max-plies 400
ch1 chameleon 4 100 -tc 1+0.01
ch2 chameleon 4 100 -tc 2+0.02
ch3 chameleon 3 100 -start players rby -tc 1+0.01
ch4 chameleon 2 100 -start players ry -go movetime 20
ch5 chameleon 4 100 -go nodes 3000
st1 stratego 2 100 -go movetime 15 -concurrency 2 -max-plies 3000
st2 stratego 2 100 -go movetime 40 -concurrency 2 -max-plies 3000
st3 stratego 2 100 -go nodes 10000 -concurrency 2 -max-plies 3000
st4 stratego 2 100 -go wtime 2000 btime 2000 winc 20 binc 20 -concurrency 2 -max-plies 3000
st5 stratego 2 100 -go depth 3 -concurrency 2 -max-plies 3000
PLAN
}

run_chess() {
	local name=$1 games=${SOAK_GAMES:-$2} conc=$3 tc=$4 opts=$5 seed=$6
	local out="$dir/$name"
	[ -e "$out.done" ] && return
	rm -rf "$out" && mkdir -p "$out"
	local extra=()
	case $opts in
	threads2) extra=(--option1 Threads=2 --option2 Threads=2) ;;
	ponder) extra=(--ponder) ;;
	esac
	echo "$(date -u +%FT%TZ) chess $name: $games games at $tc, concurrency $conc ${opts/-/}"
	python3 "$here/match.py" --engine1 "$engine" --engine2 "$engine" --tc "$tc" --games "$games" \
		--concurrency "$conc" --openings "$book" --shuffle-openings --seed "$seed" \
		--pgn "$out/games.pgn" --quiet "${extra[@]}" > "$out/report.txt" 2> "$out/stderr.txt"
	touch "$out.done"
}

run_variant() {
	local name=$1 variant=$2 seats=$3 games=${SOAK_GAMES:-$4} seed=$5
	shift 5
	local out="$dir/$name"
	[ -e "$out.done" ] && return
	rm -rf "$out" && mkdir -p "$out"
	local args=("$@")
	# The referee takes a flag's words (-go, -start) as one argument.
	local flags=() i=0
	while [ $i -lt ${#args[@]} ]; do
		local f=${args[$i]} w=""
		i=$((i + 1))
		while [ $i -lt ${#args[@]} ] && [ "${args[$i]:0:1}" != - ]; do w="$w ${args[$i]}"; i=$((i + 1)); done
		flags+=("$f" "${w# }")
	done
	echo "$(date -u +%FT%TZ) $variant $name: $games games ${args[*]}"
	local engines=() k
	for k in $(seq 1 "$seats"); do engines+=(-engine$k "$engine"); done
	"$dev" match -variant "$variant" -games "$games" -seed "$seed" -pgn "$out/games.pgn" "${engines[@]}" "${flags[@]}" \
		> "$out/report.txt" 2> "$out/stderr.txt" || echo "exit $?" >> "$out/stderr.txt"
	touch "$out.done"
}

summary() {
	echo "soak of $engine (build $build) in $dir"
	local n=0 bad=0
	for f in "$dir"/c[0-9]*/report.txt; do
		[ -e "${f%/report.txt}.done" ] || continue
		n=$((n + $(sed -n 's/.*, \([0-9]*\) of [0-9]* games played.*/\1/p' "$f" | head -1)))
	done
	echo "chess games: $n; endings:"
	cat "$dir"/c[0-9]*/report.txt 2>/dev/null | grep -E '^ +[0-9]+  ' | sed 's/ by Tempest dev ([12])/ by Tempest/' | \
		awk '{c = $1; $1 = ""; t[$0] += c} END {for (k in t) printf "  %5d %s\n", t[k], k}' | sort -rn
	echo "chess endings other than the rules and adjudication (crash, illegal move, time forfeit, stall):"
	cat "$dir"/c[0-9]*/report.txt 2>/dev/null | grep -E '^ +[0-9]+  ' | grep -vE 'adjudication|checkmate|stalemate|repetition|fifty|insufficient|accepted claim' | \
		awk '{n[$0]+=0; c=$1; $1=""; t[$0]+=c} END {for (k in t) print "  " t[k] k}' || true
	echo "chess incidents outside a move (pondering):"
	local incidents
	incidents=$(awk 'FNR == 1 {on = 0} /^Incidents/ {on = 1; next} on && /^  / {print}' "$dir"/c[0-9]*/report.txt 2>/dev/null)
	echo "${incidents:-  none}"
	for kind in cm ch st; do
		local games=0
		for f in "$dir"/$kind*/report.txt; do
			[ -e "${f%/report.txt}.done" ] || continue
			games=$((games + $(grep -cE '^game [0-9]+' "$f" 2>/dev/null || true)))
		done
		echo "$kind games: $games; failures:"
		cat "$dir"/$kind*/report.txt "$dir"/$kind*/stderr.txt 2>/dev/null | \
			grep -iE 'forfeit|stall|crash|illegal|no move|panic|fatal|exit [0-9]' | sort | uniq -c | sed 's/^/  /' || true
	done
	echo "shards done: $(ls "$dir"/*.done 2>/dev/null | wc -l) of $(( $(chess_plan | wc -l) + $(variant_plan | wc -l) ))"
}

if [ "$mode" = summary ]; then
	summary
	exit 0
fi
# SOAK_ONLY (a regular expression over shard names) runs a subset; each
# shard keeps its seed. Two instances on disjoint sets of one-core shards
# (card chess and Chameleon, whose referees play one game at a time) fill
# both cores: SOAK_ONLY='^cm' and SOAK_ONLY='^ch' side by side, then '^st'.
only=${SOAK_ONLY:-.}
seed=1
while read -r name games conc tc opts; do
	if [[ $name =~ $only ]]; then run_chess "$name" "$games" "$conc" "$tc" "$opts" "$seed"; fi
	seed=$((seed + 1))
done < <(chess_plan)
while read -r name variant seats games args; do
	# shellcheck disable=SC2086
	if [[ $name =~ $only ]]; then run_variant "$name" "$variant" "$seats" "$games" "$seed" $args; fi
	seed=$((seed + 1))
done < <(variant_plan)
summary
