package protocol

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/variants/stratego"
)

// TestStrategoFairnessFromFullKnowledge: given the arbiter's full position,
// the engine still decides from the mover's view. Two games that differ
// only in where Everwinter put its Flag and a piece that never moved give
// Volcandria the same view and the same move at a fixed node budget, with
// the search before issue 19 (go ... deal uniform) and with the default
// one (the belief).
func TestStrategoFairnessFromFullKnowledge(t *testing.T) {
	played := 0
	for seed := uint64(1); played < 6 && seed < 50; seed++ {
		if strategoFairness(t, seed) {
			played++
		}
	}
	assert.Equal(t, 6, played)
}

// strategoFairness compares the decisions in one game's pair of positions;
// false if the random game ended too early to compare.
func strategoFairness(t *testing.T, seed uint64) bool {
	rng := rand.New(rand.NewPCG(seed, 3))
	v, e := stratego.RandomSetup(rng), stratego.RandomSetup(rng)
	g := stratego.NewGame(stratego.NewStart(v, e, stratego.Volcandria))
	for g.Pos().Ply() < 40 || g.Pos().SideToMove() != stratego.Volcandria {
		if g.Status().Over {
			return false
		}
		legal := g.Legal()
		_, err := g.Play(legal[rng.IntN(len(legal))])
		require.NoError(t, err)
	}
	// Everwinter's Flag swaps places with the hidden, never moved piece
	// nearest to Volcandria; nothing Volcandria has seen changes.
	e2 := e
	flag, other := -1, -1
	for i := range e {
		pc := g.Pos().At(stratego.SetupSquare(stratego.Everwinter, i))
		if pc.Kind() == stratego.Flag && pc.Side() == stratego.Everwinter {
			flag = i
		} else if pc != stratego.NoPiece && pc.Side() == stratego.Everwinter && !pc.Revealed() && !pc.Moved() {
			other = i // the home zone is listed from the back row forwards
		}
	}
	require.True(t, flag >= 0 && other >= 0)
	e2[flag], e2[other] = e[other], e[flag]

	var views, states, moves, beliefMoves [2]string
	for i, es := range []stratego.Setup{e, e2} {
		l := startLive(t)
		l.send(strings.TrimSuffix(strategoOn, "\n"), "position startpos setup "+v.String(stratego.Volcandria)+" "+
			es.String(stratego.Everwinter)+" moves "+strings.Join(g.Actions(), " "), "view v", "state",
			"go nodes 20000 deal uniform")
		views[i] = l.expect("view v ", waitLong)
		states[i] = l.expect("state position ", waitLong)
		moves[i] = l.expect("bestmove ", waitLong)
		l.send("go nodes 20000") // the default: the belief (docs/STRATEGO.md)
		beliefMoves[i] = l.expect("bestmove ", waitLong)
		l.send("quit")
	}
	assert.NotEqual(t, states[0], states[1], "the full positions differ")
	assert.Equal(t, views[0], views[1], "Volcandria's views are equal")
	assert.Equal(t, moves[0], moves[1], "seed %d: and so are its decisions", seed)
	assert.Equal(t, beliefMoves[0], beliefMoves[1], "seed %d: with the belief too", seed)
	return true
}

// TestStrategoLimitStrength: UCI_LimitStrength with UCI_Elo selects the
// tiers as in chess: at the greedy tier's Elo a Knight always takes the
// revealed Elf next to it, at the random tier's Elo the moves vary.
func TestStrategoLimitStrength(t *testing.T) {
	l := startLive(t)
	l.send(strings.TrimSuffix(strategoOn, "\n"), "position fen 9f/10/4e!'5/4K5/10/10/10/F8W v 00 -,- E:x 1 1",
		"setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", kit.PlayingLevels[1].Elo))
	for i := 0; i < 10; i++ {
		l.send("go nodes 1000")
		assert.Equal(t, "bestmove e5e6", l.expect("bestmove ", waitLong), "greedy tier")
	}
	l.send(fmt.Sprintf("setoption name UCI_Elo value %d", kit.PlayingLevels[0].Elo))
	seen := map[string]bool{}
	for i := 0; i < 30; i++ {
		l.send("go nodes 1000")
		seen[l.expect("bestmove ", waitLong)] = true
	}
	assert.Greater(t, len(seen), 1, "random tier: %v", seen)
	l.send("quit")
}
