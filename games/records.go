package games

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tempest/game"
)

// fenRecordText writes a game's record with its moves numbered from its
// FEN-style start string: the side to move in field 2, the move number in
// field 6 (chess and card chess).
func fenRecordText(g game.Game) string {
	f := strings.Fields(g.Start())
	blackFirst := len(f) > 1 && f[1] == "b"
	first := 1
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			first = n
		}
	}
	r := g.Record()
	return r.Write(first, blackFirst)
}

// The card-chess, Chameleon and Stratego games answer alike: a GUI's move
// list is played as the rules service plays it, perft divides the game's
// own Divide (with the game's history, so repetition ends lines), and "d"
// shows the position string and state.

func followByPlay(g game.Game, token string) error {
	_, err := g.Play(token)
	return err
}

func dividePerft(ctx context.Context, divide func(context.Context, int) (map[string]uint64, error), depth int) ([]game.PerftCount, error) {
	counts, err := divide(ctx, depth)
	if err != nil {
		return nil, err
	}
	return sortedCounts(counts), nil
}

// noEval is the "eval" answer of a game with no term-by-term evaluation.
func noEval(g game.Game) ([]string, error) {
	return nil, fmt.Errorf("eval: the term-by-term evaluation exists for chess only; UCI_Variant is %s", g.Variant())
}

// statusLines is "d" for games drawn by their own commands: the position
// string and the state.
func statusLines(g game.Game) []string {
	st := g.Status()
	return []string{
		"Variant: " + g.Variant(),
		"Position: " + g.Position(),
		"To move: " + st.ToMove + ", in check: " + strconv.FormatBool(st.InCheck) + ", over: " +
			strconv.FormatBool(st.Over) + ", result: " + st.Result,
		"Legal actions: " + strconv.Itoa(len(g.Legal())) + ", played: " + strconv.Itoa(len(g.Actions())),
	}
}

// sortedCounts orders a variant perft's counts by action token.
func sortedCounts(counts map[string]uint64) []game.PerftCount {
	out := make([]game.PerftCount, 0, len(counts))
	for k, n := range counts {
		out = append(out, game.PerftCount{Action: k, Nodes: n})
	}
	slices.SortFunc(out, func(a, b game.PerftCount) int { return strings.Compare(a.Action, b.Action) })
	return out
}
