package games

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tempest/variants"
)

// fenRecordText writes a game's record with its moves numbered from its
// FEN-style start string: the side to move in field 2, the move number in
// field 6 (chess and card chess).
func fenRecordText(g variants.Game) string {
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

// rulesGame answers the Variant questions that card chess, Chameleon
// Chess and Stratego answer alike: a GUI's move list is played as the
// rules service plays it, perft divides the game's own Divide, "d" shows
// the position string and state, and there is no evaluation to explain.
type rulesGame struct{}

func (rulesGame) Follow(g variants.Game, token string) error {
	_, err := g.Play(token)
	return err
}

func (rulesGame) MaxPerftDepth() int { return 10 }

// divider is a game with a perft of its own (with the game's history, so
// repetition ends lines).
type divider interface {
	Divide(ctx context.Context, depth int) (map[string]uint64, error)
}

func (rulesGame) Perft(ctx context.Context, g variants.Game, depth int, _ variants.Settings) ([]variants.PerftCount, error) {
	counts, err := g.(divider).Divide(ctx, depth)
	if err != nil {
		return nil, err
	}
	return sortedCounts(counts), nil
}

func (rulesGame) Display(g variants.Game) []string { return statusLines(g.Variant(), g) }

func (rulesGame) Eval(g variants.Game, _ variants.Engine) ([]string, error) {
	return nil, fmt.Errorf("eval: the term-by-term evaluation exists for chess only; UCI_Variant is %s", g.Variant())
}

// statusLines is "d" for games drawn by their own commands: the position
// string and the state.
func statusLines(name string, g variants.Game) []string {
	st := g.Status()
	return []string{
		"Variant: " + name,
		"Position: " + g.Position(),
		"To move: " + st.ToMove + ", in check: " + strconv.FormatBool(st.InCheck) + ", over: " +
			strconv.FormatBool(st.Over) + ", result: " + st.Result,
		"Legal actions: " + strconv.Itoa(len(g.Legal())) + ", played: " + strconv.Itoa(len(g.Actions())),
	}
}

// sortedCounts orders a variant perft's counts by action token.
func sortedCounts(counts map[string]uint64) []variants.PerftCount {
	out := make([]variants.PerftCount, 0, len(counts))
	for k, n := range counts {
		out = append(out, variants.PerftCount{Action: k, Nodes: n})
	}
	slices.SortFunc(out, func(a, b variants.PerftCount) int { return strings.Compare(a.Action, b.Action) })
	return out
}
