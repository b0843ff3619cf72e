#!/usr/bin/env bash
# Calibrates the playing levels (Skill Level 0-10) by games: neighbouring
# levels against each other, levels against Stockfish 15.1 with
# UCI_LimitStrength at fixed UCI_Elo values, and against weaker Debian
# engines. Each match writes one PGN whose player names ("L4", "SF1500",
# "Fairy-Max") the rating fit reads:
#
#	tuning/levels/calibrate.sh [stage...]      # stages: chain anchors debian (all three by default), full, smoke
#	go run ./cmd/tempest-dev ratings -sf calibration/*.pgn
#
# Environment: ENGINE (default ./engine), OUT (default calibration),
# OPENINGS (EPD; default: 2moves_v1 unpacked from testdata), FASTCHESS (the
# runner; default the one third_party/runners/build.sh builds). The seeds
# are the ones of the published run (docs/STRENGTH.md, "Playing levels").
#
# The UCI pairings (Tempest's levels, Stockfish) are played by fastchess,
# Hash 64 MiB for every engine as users run them; Debian's xboard engines
# by testdata/tools/match.py, since fastchess speaks UCI only. The published
# run (issue 12, level 10 again in issue 16) was played by match.py with
# the default Hash, 16 MiB.
set -euo pipefail
ENGINE=${ENGINE:-./engine}
OUT=${OUT:-calibration}
HERE=$(dirname "$0")
ROOT=$HERE/../..
MATCH="python3 $ROOT/testdata/tools/match.py"
FASTCHESS=${FASTCHESS:-${RUNNERS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/chess-runners}/fastchess}
mkdir -p "$OUT"
if [ -z "${OPENINGS:-}" ]; then
	OPENINGS=$OUT/2moves_v1.epd
	[ -s "$OPENINGS" ] || xz -dc "$ROOT/testdata/openings/2moves_v1.epd.xz" >"$OPENINGS"
fi

# finished NAME1 NAME2: a pairing whose PGN exists is skipped, so an
# interrupted run resumes.
finished() {
	if [[ -s $OUT/$1-$2.pgn ]]; then
		echo "skip $1 vs $2: $OUT/$1-$2.pgn exists"
		return 0
	fi
	return 1
}

# play NAME1 NAME2 GAMES LIMIT SEED CMD2 [N:OPTION=VALUE ...]: Tempest
# (NAME1) against the UCI engine CMD2 (NAME2; "tempest" for Tempest again),
# through fastchess, one PGN per pairing. LIMIT is "tc=BASE+INC" or
# "nodes=N"; an option prefixed 1: is engine 1's, 2: engine 2's.
play() {
	local name1=$1 name2=$2 games=$3 limit=$4 seed=$5 cmd2=$6 o
	shift 6
	finished "$name1" "$name2" && return
	[ "$cmd2" = tempest ] && cmd2=$ENGINE
	local e1=(-engine "cmd=$ENGINE" "name=$name1" option.Threads=1 option.Hash=64 option.Ponder=false)
	local e2=(-engine "cmd=$cmd2" "name=$name2" option.Threads=1 option.Hash=64 option.Ponder=false)
	for o in "$@"; do
		case $o in
		1:*) e1+=("option.${o#1:}") ;;
		2:*) e2+=("option.${o#2:}") ;;
		esac
	done
	local lim=(tc=inf "$limit")
	[[ $limit == tc=* ]] && lim=("$limit")
	"$FASTCHESS" "${e1[@]}" "${e2[@]}" -each "${lim[@]}" -rounds $(((games + 1) / 2)) -repeat -concurrency 2 \
		-openings file="$OPENINGS" format=epd order=random -srand "$seed" -pgnout file="$OUT/$name1-$name2.pgn.part" \
		-config outname="$OUT/$name1-$name2.json" >"$OUT/$name1-$name2.txt"
	mv "$OUT/$name1-$name2.pgn.part" "$OUT/$name1-$name2.pgn"
	grep -E '^(Elo|Games):' "$OUT/$name1-$name2.txt" | tail -2
}

# playxb NAME1 NAME2 GAMES LIMIT SEED -- match.py flags: Tempest against an
# xboard engine, through match.py.
playxb() {
	local name1=$1 name2=$2 games=$3 limit=$4 seed=$5
	shift 6
	finished "$name1" "$name2" && return
	local pgn=$OUT/$name1-$name2.pgn
	$MATCH "$@" --name1 "$name1" --name2 "$name2" "--${limit%%=*}" "${limit#*=}" \
		--games "$games" --openings "$OPENINGS" --shuffle-openings --seed "$seed" \
		--concurrency 2 --pgn "$pgn.part" --quiet >"$OUT/$name1-$name2.txt"
	mv "$pgn.part" "$pgn"
	grep -E '^(Score|Elo)' "$OUT/$name1-$name2.txt"
}

# Neighbouring levels, 100 games each at 10+0.1. Levels 0-9 stop at their
# own depth or node limit long before the clock does.
chain() {
	local n seeds=(100 101 402 403 404 405 406 106 107 109)
	for n in 0 1 2 3 4 5 6 7 8 9; do
		play "L$n" "L$((n + 1))" 100 tc=10+0.1 "${seeds[n]}" tempest "1:Skill Level=$n" "2:Skill Level=$((n + 1))"
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
		play "L$n" "SF$elo" "$games" "$limit" "$seed" /usr/games/stockfish "1:Skill Level=$n" \
			"2:Move Overhead=100" 2:UCI_LimitStrength=true "2:UCI_Elo=$elo"
	done
}

# Debian's weaker engines (xboard), for a second view of the scale: their
# ratings come from other lists, so the fit leaves them free.
debian() {
	local tempest=(--engine1 "$ENGINE" --option1 Threads=1 --option1 Hash=64 --option1 Ponder=false)
	playxb L8 Fairy-Max 40 tc=10+0.1 301 -- "${tempest[@]}" --option1 "Skill Level=8" \
		--engine2 /usr/games/fairymax --proto2 xboard
	playxb L9 Phalanx 40 tc=10+0.1 302 -- "${tempest[@]}" --option1 "Skill Level=9" \
		--engine2 /usr/games/phalanx --proto2 xboard
}

# Full strength alone, as chain and anchors play it: for a change that
# touches only level 10 (the net became its evaluation; docs/STRENGTH.md,
# note 2), fitted with level 9 held at its published Elo:
#	go run ./cmd/tempest-dev ratings -sf -anchor L9=2020 $OUT/L9-L10.pgn $OUT/L10-SF2300.pgn
full() {
	play L9 L10 100 tc=10+0.1 109 tempest "1:Skill Level=9" "2:Skill Level=10"
	play L10 SF2300 50 tc=10+0.1 220 /usr/games/stockfish "1:Skill Level=10" \
		"2:Move Overhead=100" 2:UCI_LimitStrength=true 2:UCI_Elo=2300
}

# A check that the tools work: two games of levels 0 and 1 at 2,000 nodes.
smoke() {
	play L0 L1 2 nodes=2000 1 tempest "1:Skill Level=0" "2:Skill Level=1"
}

[ $# -gt 0 ] || set -- chain anchors debian
for stage in "$@"; do "$stage"; done
