package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"tempest/tuning/levels"
)

type anchorFlag map[string]float64

func (a anchorFlag) String() string { return fmt.Sprint(map[string]float64(a)) }

func (a anchorFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	elo, err := strconv.ParseFloat(value, 64)
	if !ok || name == "" || err != nil {
		return fmt.Errorf("want NAME=ELO, got %q", s)
	}
	a[name] = elo
	return nil
}

// ratingsCommand fits Elo ratings to the games in PGN files, with some
// players held at a known Elo, and prints Markdown tables: how the playing
// levels are calibrated (tuning/levels/calibrate.sh).
//
//	tempest-dev ratings -sf calibration/*.pgn
//	tempest-dev ratings -anchor L1=1000 chain/*.pgn
func ratingsCommand(args []string) int {
	fs := flag.NewFlagSet("ratings", flag.ContinueOnError)
	anchors := anchorFlag{}
	fs.Var(anchors, "anchor", "NAME=ELO: hold a player at this Elo (repeatable)")
	stockfish := fs.Bool("sf", false, "hold every player named SF<number> (Stockfish at that UCI_Elo) at that Elo")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: tempest-dev ratings [-sf] [-anchor NAME=ELO ...] FILE.pgn...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var games []levels.Game
	for _, path := range fs.Args() {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ratings:", err)
			return 1
		}
		g, err := levels.ReadPGN(f, path)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, "ratings:", err)
			return 1
		}
		games = append(games, g...)
	}
	if *stockfish {
		for _, g := range games {
			for _, name := range []string{g.White, g.Black} {
				if elo, err := strconv.Atoi(strings.TrimPrefix(name, "SF")); err == nil && strings.HasPrefix(name, "SF") {
					anchors[name] = float64(elo)
				}
			}
		}
	}
	ratings, err := levels.Fit(games, anchors)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ratings:", err)
		return 1
	}
	fmt.Printf("%d games\n\n", len(games))
	elo := map[string]float64{}
	for _, r := range ratings {
		elo[r.Name] = r.Elo
	}
	fmt.Println("| Pairing | Games | +W =D -L | Score | Elo difference |")
	fmt.Println("|---|---|---|---|---|")
	for _, p := range levels.Pairings(games) {
		// Anchors and the stronger player go second, so a row reads as the
		// calibrated player's result.
		_, anchoredPlayer := anchors[p.Player]
		_, anchoredOpponent := anchors[p.Opponent]
		if anchoredPlayer && !anchoredOpponent || anchoredPlayer == anchoredOpponent && elo[p.Player] > elo[p.Opponent] {
			p = p.Flip()
		}
		diff, margin := p.Elo()
		elo := signed(diff) + " ± " + bound(margin)
		if math.IsInf(diff, 0) {
			elo = signed(diff)
		}
		fmt.Printf("| %s – %s | %d | +%d =%d -%d | %.1f%% | %s |\n", p.Player, p.Opponent, p.Wins+p.Draws+p.Losses,
			p.Wins, p.Draws, p.Losses, 100*p.Score(), elo)
	}
	fmt.Println()
	fmt.Println("| Player | Games | Score | Elo | 95% interval |")
	fmt.Println("|---|---|---|---|---|")
	for _, r := range ratings {
		interval := "anchor"
		if !r.Anchored {
			interval = bound(r.Low) + " – " + bound(r.Hi)
		}
		fmt.Printf("| %s | %d | %.1f%% | %.0f | %s |\n", r.Name, r.Games, 100*r.Points/float64(r.Games), r.Elo, interval)
	}
	return 0
}

func bound(x float64) string {
	if math.IsInf(x, 0) {
		return "unbounded"
	}
	return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
}

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+∞"
	case math.IsInf(x, -1):
		return "−∞"
	}
	return fmt.Sprintf("%+.0f", x)
}
