package stsearch

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/rules"
	"tempest/variants/stratego"
)

// playTokens plays tokens on a new game from start.
func playTokens(t *testing.T, start string, tokens ...string) *stratego.Game {
	t.Helper()
	g := stratego.NewGame(parse(t, start))
	for _, tok := range tokens {
		_, err := g.Play(tok)
		require.NoError(t, err, tok)
	}
	return g
}

// beliefOf builds the mover's belief in g.
func beliefOf(t *testing.T, g *stratego.Game) *belief {
	t.Helper()
	view := g.Pos().View(g.Pos().SideToMove())
	b := &belief{}
	require.True(t, b.build(g.Begin(), g.Observations(), &view), "the record leads to the view")
	return b
}

// evidenceAt is the evidence part of the log-weights of the piece on sq
// (without the setup prior).
func (b *belief) evidenceAt(sq stratego.Square) [stratego.Unknown]float32 {
	return b.byID[b.cells[sq].id]
}

func square(t *testing.T, name string) stratego.Square {
	sq, ok := stratego.ParseSquare(name)
	require.True(t, ok)
	return sq
}

// TestBeliefDirection: an unknown piece that keeps walking up to
// Volcandria's revealed Mage is most likely the Dragon, the only kind that
// beats it by attacking; one that steps away from it is less likely the
// Dragon; one that stays next to it while another piece moves, too. No
// kind is ever excluded.
func TestBeliefDirection(t *testing.T) {
	const start = "4d4f/10/10/10/4M!5/10/10/F8W v 00 -,- - 0 0"
	g := playTokens(t, start, "j1j2", "e8e7", "j2j1", "e7e6", "j1j2", "e6e5", "e4f4", "e5f5", "f4f3", "f5f4", "f3e3", "f4e4")
	b := beliefOf(t, g)
	chaser := b.evidenceAt(square(t, "e4"))
	for k := stratego.Slayer; k < stratego.Dragon; k++ {
		assert.Less(t, chaser[k], chaser[stratego.Dragon], "%s", k.Name(stratego.Everwinter))
	}
	for k := stratego.Flag; k <= stratego.Trap; k++ {
		assert.LessOrEqual(t, float64(chaser[k]), float64(weightBound), "bounded")
		assert.GreaterOrEqual(t, float64(chaser[k]), float64(-weightBound), "floored")
	}
	view := g.Pos().View(stratego.Volcandria)
	var weighted, uniform [80][stratego.Unknown]int32
	view.TallyWeighted(rand.New(rand.NewPCG(1, 1)), &b.lw, 400, &weighted)
	view.TallyWeighted(rand.New(rand.NewPCG(1, 1)), &stratego.KindWeights{}, 400, &uniform)
	e4 := square(t, "e4")
	assert.Greater(t, weighted[e4][stratego.Dragon], int32(200), "P(Dragon) above 1/2")
	assert.Less(t, uniform[e4][stratego.Dragon], int32(40), "uniformly 1/26")
	assert.Positive(t, 400-weighted[e4][stratego.Dragon], "the other kinds stay possible")

	// Flight: the Knight next to the Mage steps away.
	g = playTokens(t, "4k4f/10/10/4k5/4M!5/10/10/F8W v 00 -,- - 0 0", "j1j2", "e5e6")
	fled := beliefOf(t, g).evidenceAt(square(t, "e6"))
	assert.Negative(t, fled[stratego.Dragon])
	assert.Positive(t, fled[stratego.Knight])
	// Lingering: it stays while the other piece moves.
	g = playTokens(t, "4k4f/10/10/4k5/4M!5/10/10/F8W v 00 -,- - 0 0", "j1j2", "e8e7")
	stayed := beliefOf(t, g).evidenceAt(square(t, "e5"))
	assert.Negative(t, stayed[stratego.Dragon])
	assert.Zero(t, stayed[stratego.Knight])
	assert.Zero(t, stayed[stratego.Trap], "a Trap could not have attacked")
}

// TestBeliefSeesOnlyObservations: two games whose Everwinter armies differ
// only in two pieces that never moved or fought, with the same moves, give
// Volcandria equal observations, bit-equal belief tables and the same
// decision with the belief on.
func TestBeliefSeesOnlyObservations(t *testing.T) {
	informed := false
	compared := 0
	for seed := uint64(1); seed <= 8; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		v, e := stratego.RandomSetup(rng), stratego.RandomSetup(rng)
		g := stratego.NewGame(stratego.NewStart(v, e, stratego.Volcandria))
		for g.Pos().Ply() < 80 && !g.Status().Over {
			legal := g.Legal()
			_, err := g.Play(legal[rng.IntN(len(legal))])
			require.NoError(t, err)
		}
		if g.Status().Over {
			continue
		}
		// Two never moved, never revealed Everwinter pieces of different
		// kinds swap places in the arrangement.
		i, j := -1, -1
		for n := range e {
			pc := g.Pos().At(stratego.SetupSquare(stratego.Everwinter, n))
			if pc == stratego.NoPiece || pc.Side() != stratego.Everwinter || pc.Moved() || pc.Revealed() {
				continue
			}
			if i < 0 {
				i = n
			} else if e[n] != e[i] {
				j = n
				break
			}
		}
		require.True(t, i >= 0 && j >= 0)
		e2 := e
		e2[i], e2[j] = e[j], e[i]
		games := [2]*stratego.Game{stratego.NewGame(stratego.NewStart(v, e, stratego.Volcandria)),
			stratego.NewGame(stratego.NewStart(v, e2, stratego.Volcandria))}
		for ply, tok := range g.Actions() {
			if ply%20 == 0 && ply > 0 {
				compared++
				var beliefs [2]*belief
				var moves [2]stratego.Move
				for k, gk := range games {
					beliefs[k] = beliefOf(t, gk)
					en := New()
					en.SetOptions(Options{Belief: true, Start: gk.Begin(), Seen: gk.Observations()})
					moves[k] = en.Search(context.Background(), gk.Pos(), gk.PublicHistory(), Limits{Nodes: 5000}, nil).BestMove
				}
				require.NotEqual(t, games[0].Pos().Key(), games[1].Pos().Key(), "the full positions differ")
				require.Equal(t, games[0].Observations(), games[1].Observations())
				require.True(t, beliefs[0].byID == beliefs[1].byID && beliefs[0].lw == beliefs[1].lw, "seed %d ply %d: bit-equal beliefs", seed, ply)
				assert.Equal(t, moves[0], moves[1], "seed %d ply %d: the same decision", seed, ply)
				informed = informed || beliefs[0].lw != stratego.KindWeights{}
			}
			for _, gk := range games {
				_, err := gk.Play(tok)
				require.NoError(t, err)
			}
		}
	}
	assert.Greater(t, compared, 10)
	assert.True(t, informed, "some belief held evidence")
}

// TestBeliefNeedsItsRecord: without the game's record, or with one that
// does not lead to the position, the belief is not used.
func TestBeliefNeedsItsRecord(t *testing.T) {
	g := midgame(t, 4, 40)
	other := midgame(t, 5, 40)
	view := g.Pos().View(g.Pos().SideToMove())
	b := &belief{}
	assert.False(t, b.build(nil, nil, &view))
	assert.False(t, b.build(other.Begin(), other.Observations(), &view))
	assert.False(t, b.build(g.Begin(), g.Observations()[:39], &view))
	assert.True(t, b.build(g.Begin(), g.Observations(), &view))
}

// records reads the games of a PGN file.
func records(t *testing.T, path string) []rules.Record {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []rules.Record
	for _, text := range regexp.MustCompile(`(?m)^\[Event `).Split(string(data), -1)[1:] {
		r, err := rules.ParsePGN("[Event " + text)
		require.NoError(t, err)
		out = append(out, r)
	}
	return out
}

// calibration sums, over every decision of full-knowledge games and every
// unknown piece of the mover's view, the probability the belief's and the
// uniform marginals give the piece's true kind.
type calibration struct {
	pieces, moved             int
	belief, uniform           float64 // sum of P(true kind)
	beliefLoss, uniformLoss   float64 // sum of -ln P(true kind)
	beliefMoved, uniformMoved float64
	flags                     int
	beliefFlag, uniformFlag   float64 // sum of P(Flag) on the Flag's square
}

func (c calibration) String() string {
	n, m := float64(c.pieces), float64(c.moved)
	return fmt.Sprintf("%d pieces: mean P(true kind) belief %.4f, uniform %.4f; log-loss belief %.4f, uniform %.4f; "+
		"%d moved pieces: belief %.4f, uniform %.4f", c.pieces, c.belief/n, c.uniform/n, c.beliefLoss/n, c.uniformLoss/n,
		c.moved, c.beliefMoved/m, c.uniformMoved/m) +
		fmt.Sprintf("; the hidden Flag (%d): belief %.4f, uniform %.4f", c.flags, c.beliefFlag/float64(c.flags), c.uniformFlag/float64(c.flags))
}

func calibrate(t *testing.T, recs []rules.Record, sweeps int) calibration {
	var c calibration
	b := &belief{}
	for gi, r := range recs {
		full, err := stratego.LoadRecord(r)
		require.NoError(t, err)
		g := stratego.NewGame(full.Begin())
		for _, tok := range full.Actions() {
			pos := g.Pos()
			view := pos.View(pos.SideToMove())
			if _, hidden := view.Viewer(); hidden {
				require.True(t, b.build(g.Begin(), g.Observations(), &view))
				var weighted, uniform [80][stratego.Unknown]int32
				rng := rand.New(rand.NewPCG(uint64(gi), uint64(pos.Ply())))
				view.TallyWeighted(rng, &b.lw, sweeps, &weighted)
				view.TallyWeighted(rng, &stratego.KindWeights{}, sweeps, &uniform)
				for sq := stratego.Square(0); sq < 80; sq++ {
					if pc := view.At(sq); pc == stratego.NoPiece || pc.Kind() != stratego.Unknown {
						continue
					}
					k := pos.At(sq).Kind()
					// A little smoothing keeps the log-loss finite for a
					// kind no sweep happened to deal.
					pb := (float64(weighted[sq][k]) + 0.1) / (float64(sweeps) + 1.2)
					pu := (float64(uniform[sq][k]) + 0.1) / (float64(sweeps) + 1.2)
					c.pieces++
					c.belief, c.uniform = c.belief+pb, c.uniform+pu
					c.beliefLoss, c.uniformLoss = c.beliefLoss-math.Log(pb), c.uniformLoss-math.Log(pu)
					if k == stratego.Flag {
						c.flags++
						c.beliefFlag, c.uniformFlag = c.beliefFlag+pb, c.uniformFlag+pu
					}
					if view.At(sq).Moved() && !view.At(sq).Ran() {
						c.moved++
						c.beliefMoved, c.uniformMoved = c.beliefMoved+pb, c.uniformMoved+pu
					}
				}
			}
			_, err := g.Play(tok)
			require.NoError(t, err)
		}
	}
	return c
}

// TestBeliefCalibration: over the decisions of 12 games of Tempest against
// itself (full-knowledge records, testdata/selfplay.pgn, from the 60 of
// docs/STRATEGO.md's calibration), the belief gives the true kinds of the
// unknown pieces more probability than uniform dealing, overall and for
// the pieces that moved, and the hidden Flag's square half as much again.
// STRATEGO_CALIBRATION=<file.pgn> measures another record and logs the
// numbers.
func TestBeliefCalibration(t *testing.T) {
	path := os.Getenv("STRATEGO_CALIBRATION")
	if path == "" {
		path = "testdata/selfplay.pgn"
	}
	c := calibrate(t, records(t, path), 100)
	t.Log(c)
	assert.Greater(t, c.belief, c.uniform)
	assert.Greater(t, c.beliefMoved, c.uniformMoved)
	assert.Greater(t, c.beliefFlag, 1.5*c.uniformFlag, "the setup prior finds the Flag")
}

// TestSetupPriorRecognisesTheArrangement: after 80 plies of greedy play,
// the belief takes an army from the setup generator for one (mix above
// 1/2 in more than two games of three: the shares of most movable kinds
// are close to uniform) and a randomly dealt army mostly not (in less than
// one of four), from what the pieces showed at their home squares; and
// with a generator army the prior puts more weight on the Flag's true
// square than uniform dealing does in three games of four.
func TestSetupPriorRecognisesTheArrangement(t *testing.T) {
	const games = 40
	rng := rand.New(rand.NewPCG(19, 19))
	for _, generated := range []bool{true, false} {
		high, flagBetter, counted := 0, 0, 0
		for gi := 0; gi < games; gi++ {
			enemy := stratego.RandomSetup(rng)
			if generated {
				enemy = stratego.GenerateSetup(stratego.Everwinter, rng)
			}
			g := stratego.NewGame(stratego.NewStart(stratego.GenerateSetup(stratego.Volcandria, rng), enemy, stratego.Volcandria))
			for ply := 0; ply < 80 && !g.Status().Over; ply++ {
				view := g.Pos().View(g.Pos().SideToMove())
				_, err := g.Play(GreedyMove(&view, rng).String())
				require.NoError(t, err)
			}
			if g.Status().Over || g.Pos().SideToMove() != stratego.Volcandria {
				continue
			}
			counted++
			b := beliefOf(t, g)
			if b.mix > 0.5 {
				high++
			}
			flag := stratego.NoSquare
			for sq := stratego.Square(0); sq < 80; sq++ {
				if pc := g.Pos().At(sq); pc.Side() == stratego.Everwinter && pc.Kind() == stratego.Flag {
					flag = sq
				}
			}
			view := g.Pos().View(stratego.Volcandria)
			var weighted, uniform [80][stratego.Unknown]int32
			view.TallyWeighted(rand.New(rand.NewPCG(1, 1)), &b.lw, 200, &weighted)
			view.TallyWeighted(rand.New(rand.NewPCG(1, 1)), &stratego.KindWeights{}, 200, &uniform)
			if weighted[flag][stratego.Flag] > uniform[flag][stratego.Flag] {
				flagBetter++
			}
		}
		t.Logf("generated %v: mix > 1/2 in %d of %d games; the Flag's square more likely in %d", generated, high, counted, flagBetter)
		require.Greater(t, counted, games/2, "games still going after 80 plies")
		if generated {
			assert.Greater(t, 3*high, 2*counted)
			assert.Greater(t, 4*flagBetter, 3*counted)
		} else {
			assert.Less(t, 4*high, counted)
		}
	}
}
