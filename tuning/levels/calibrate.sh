#!/usr/bin/env bash
# Calibrates the playing levels (Skill Level 0-10) by games: neighbouring
# levels against each other, levels against Stockfish 15.1 with
# UCI_LimitStrength at fixed UCI_Elo values, and against weaker Debian
# engines. Each match writes one PGN whose player names ("L4", "SF1500",
# "Fairy-Max") the rating fit reads:
#
#	tuning/levels/calibrate.sh [stage...]      # stages: chain anchors debian (all three by default), full
#	go run ./tuning/cmd/ratings -sf calibration/*.pgn
#
# Environment: ENGINE (default ./engine), OUT (default calibration),
# OPENINGS (EPD; default: 2moves_v1 unpacked from testdata). The seeds are
# the ones of the published run (docs/STRENGTH.md, "Playing levels").
set -euo pipefail
ENGINE=${ENGINE:-./engine}
OUT=${OUT:-calibration}
HERE=$(dirname "$0")
ROOT=$HERE/../..
MATCH="python3 $ROOT/testdata/tools/match.py"
mkdir -p "$OUT"
if [ -z "${OPENINGS:-}" ]; then
	OPENINGS=$OUT/2moves_v1.epd
	[ -s "$OPENINGS" ] || xz -dc "$ROOT/testdata/openings/2moves_v1.epd.xz" >"$OPENINGS"
fi

# play NAME1 NAME2 GAMES LIMIT SEED -- match.py engine flags: one PGN per
# pairing (LIMIT is "tc=BASE+INC" or "nodes=N"); a finished pairing is
# skipped, so an interrupted run resumes.
play() {
	local name1=$1 name2=$2 games=$3 limit=$4 seed=$5
	shift 6
	local pgn=$OUT/$name1-$name2.pgn
	if [[ -s $pgn ]]; then
		echo "skip $name1 vs $name2: $pgn exists"
		return
	fi
	$MATCH "$@" --name1 "$name1" --name2 "$name2" "--${limit%%=*}" "${limit#*=}" \
		--games "$games" --openings "$OPENINGS" --shuffle-openings --seed "$seed" \
		--concurrency 2 --pgn "$pgn.part" --quiet >"$OUT/$name1-$name2.txt"
	mv "$pgn.part" "$pgn"
	grep -E '^(Score|Elo)' "$OUT/$name1-$name2.txt"
}
level() { echo "--engine$1 $ENGINE --option$1 Threads=1 --option$1 Ponder=false"; }

# Neighbouring levels, 100 games each at 10+0.1. Levels 0-9 stop at their
# own depth or node limit long before the clock does.
chain() {
	local n seeds=(100 101 402 403 404 405 406 106 107 109)
	for n in 0 1 2 3 4 5 6 7 8 9; do
		# shellcheck disable=SC2046
		play "L$n" "L$((n + 1))" 100 tc=10+0.1 "${seeds[n]}" -- \
			$(level 1) --option1 "Skill Level=$n" $(level 2) --option2 "Skill Level=$((n + 1))"
	done
}

# Stockfish 15.1 with UCI_LimitStrength at a UCI_Elo near each level, 60
# games each (50 on a clock). Its weakened play picks its move once it
# reaches a fixed depth (1 + its internal skill level): up to UCI_Elo 2100
# that depth (at most 9) is reached within a node budget, which makes the
# games independent of the machine's load (at 5+0.05 a loaded machine made
# Stockfish lose on time). The node limit also reaches Tempest, whose levels
# 2-9 stop at their own smaller depth or node limit first. Full strength
# plays on a clock, with Stockfish's Move Overhead raised.
anchors() {
	local spec n elo limit seed games
	for spec in 3:1350:nodes=20000:203:60 4:1500:nodes=20000:204:60 5:1800:nodes=20000:205:60 \
		6:2100:nodes=50000:206:60 2:1350:nodes=20000:212:60 5:1500:nodes=20000:215:60 \
		6:1700:nodes=20000:216:60 7:1700:nodes=50000:217:60 8:1900:nodes=50000:218:60 \
		9:2100:nodes=50000:219:60 10:2300:tc=10+0.1:220:50; do
		IFS=: read -r n elo limit seed games <<<"$spec"
		# shellcheck disable=SC2046
		play "L$n" "SF$elo" "$games" "$limit" "$seed" -- \
			$(level 1) --option1 "Skill Level=$n" \
			--engine2 /usr/games/stockfish --option2 Threads=1 --option2 Ponder=false \
			--option2 "Move Overhead=100" --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$elo"
	done
}

# Debian's weaker engines (xboard), for a second view of the scale: their
# ratings come from other lists, so the fit leaves them free.
debian() {
	# shellcheck disable=SC2046
	play L8 Fairy-Max 40 tc=10+0.1 301 -- $(level 1) --option1 "Skill Level=8" \
		--engine2 /usr/games/fairymax --proto2 xboard
	# shellcheck disable=SC2046
	play L9 Phalanx 40 tc=10+0.1 302 -- $(level 1) --option1 "Skill Level=9" \
		--engine2 /usr/games/phalanx --proto2 xboard
}

# Full strength alone, as chain and anchors play it: for a change that
# touches only level 10 (the net became its evaluation; docs/STRENGTH.md,
# note 2), fitted with level 9 held at its published Elo:
#	go run ./tuning/cmd/ratings -sf -anchor L9=2020 $OUT/L9-L10.pgn $OUT/L10-SF2300.pgn
full() {
	# shellcheck disable=SC2046
	play L9 L10 100 tc=10+0.1 109 -- $(level 1) --option1 "Skill Level=9" $(level 2) --option2 "Skill Level=10"
	# shellcheck disable=SC2046
	play L10 SF2300 50 tc=10+0.1 220 -- $(level 1) --option1 "Skill Level=10" \
		--engine2 /usr/games/stockfish --option2 Threads=1 --option2 Ponder=false \
		--option2 "Move Overhead=100" --option2 UCI_LimitStrength=true --option2 "UCI_Elo=2300"
}

[ $# -gt 0 ] || set -- chain anchors debian
for stage in "$@"; do "$stage"; done
