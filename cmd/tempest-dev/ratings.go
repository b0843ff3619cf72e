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
	winners := fs.Bool("winners", false, "the files are tempest-dev match's output of games of several players: fit by who won each (Plackett-Luce's first choice), one anchor")
	prior := fs.Int("prior", 0, "draws added to every pairing before the fit (BayesElo's prior), so a player who won or lost every game of a pairing gets a finite rating; the tables count the real games alone")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: tempest-dev ratings [-sf] [-prior N] [-anchor NAME=ELO ...] FILE.pgn...")
		fmt.Fprintln(os.Stderr, "       tempest-dev ratings -winners [-prior N] -anchor NAME=ELO MATCH-OUTPUT...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if *winners {
		return winnersCommand(fs.Args(), anchors, *prior)
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
	ratings, err := levels.Fit(levels.WithPrior(games, *prior), anchors)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ratings:", err)
		return 1
	}
	fmt.Printf("%d games", len(games))
	if *prior > 0 {
		fmt.Printf(", fitted with %d drawn game(s) added to each pairing", *prior)
	}
	fmt.Print("\n\n")
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
	played, points := map[string]int{}, map[string]float64{} // the real games, without the prior's
	for _, g := range games {
		played[g.White]++
		played[g.Black]++
		points[g.White] += g.Score
		points[g.Black] += 1 - g.Score
	}
	for _, r := range ratings {
		r.Games, r.Points = played[r.Name], points[r.Name]
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

// winnersCommand fits the players of games of several players (tempest-dev
// match's game lines) by who won each, one player held at its Elo, and
// prints a Markdown table with bootstrap 95% intervals.
func winnersCommand(files []string, anchors anchorFlag, prior int) int {
	if len(anchors) != 1 {
		fmt.Fprintln(os.Stderr, "ratings: -winners takes one -anchor")
		return 2
	}
	var games []levels.Standing
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ratings:", err)
			return 1
		}
		g, err := levels.ReadStandings(f, path)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, "ratings:", err)
			return 1
		}
		games = append(games, g...)
	}
	var anchor string
	var elo float64
	for name, e := range anchors {
		anchor, elo = name, e
	}
	ratings, err := levels.FitWinners(games, anchor, elo, prior, 1)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ratings:", err)
		return 1
	}
	fmt.Printf("%d games of several players, fitted by their winners", len(games))
	if prior > 0 {
		fmt.Printf(" with %d drawn two-player game(s) added to each pair that met", prior)
	}
	fmt.Print("\n\n| Player | Games | Wins | Elo | 95% interval |\n|---|---|---|---|---|\n")
	for _, r := range ratings {
		interval := "anchor"
		if !r.Anchored {
			interval = bound(r.Low) + " – " + bound(r.Hi)
		}
		fmt.Printf("| %s | %d | %.1f | %.0f | %s |\n", r.Name, r.Games, r.Points, r.Elo, interval)
	}
	return 0
}
