package cmsearch

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/kit/kittest"
	"tempest/movegen"
	"tempest/variants/chessmate"
)

func pos(t *testing.T, s string) *Position {
	t.Helper()
	p, err := chessmate.ParsePosition(s)
	require.NoError(t, err, s)
	return p
}

// TestGeneratedFilesUpToDate: the gen_*.go files are exactly what the
// generator makes from the chess search today.
func TestGeneratedFilesUpToDate(t *testing.T) {
	out, err := exec.Command("go", "run", "../../../search/internal/gencopy", "-from", "../../../search", "-to", ".", "-pkg", "cmsearch", "-check").CombinedOutput()
	require.NoError(t, err, "run go generate ./variants/chessmate/cmsearch:\n%s", out)
}

// The copy is the search's hot path only: nothing of chess's endgame
// tables or of the tune build's options reaches card chess.
func TestGeneratedFilesHoldNoChessOnlyParts(t *testing.T) {
	files, err := filepath.Glob("gen_*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, word := range []string{"syzygy", "ablebase", "TBWin", "tbHits", "tune", "Tunable", "Retune"} {
			assert.NotContains(t, string(text), word, f)
		}
	}
}

func searchTo(t *testing.T, p *Position, depth int) Result {
	t.Helper()
	e := New(8)
	e.SetLevel(kit.Level{Kind: kit.FullStrength}, 1)
	return e.SearchHidden(context.Background(), p, Limits{Depth: depth}, DefaultSamples, nil)
}

func TestPlaysTheWinningCard(t *testing.T) {
	// Dark Mirror takes the queen behind the pawn.
	p := pos(t, "4k3/8/8/8/3P4/2q5/8/4K3 w - - 0 1 - - - DM,LC,HQ/?,?,? 9 - -")
	assert.Equal(t, "DM:d4c3", searchTo(t, p, 4).BestMove.String())
	// Forbidden City blocks the only check that can save the game... or
	// rather: with a rook on a1 checking, a forbidden square between saves.
	p = pos(t, "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - FC,MS,DI/?,?,? 9 - -")
	best := searchTo(t, p, 3).BestMove.String()
	assert.Contains(t, []string{"FC:b1", "FC:c1", "FC:d1", "FC:e1", "FC:f1"}, best)
}

func TestFindsMateWithAChampion(t *testing.T) {
	// The Champion on a1 leaps (4,3) to e4, checking the king on h8, which
	// its own rook and pawns box in. An ordinary knight on a1 could not.
	p := pos(t, "6rk/6pp/8/8/8/8/8/N3K3 w - - 0 1 - a1 - LC,HQ,RV/?,?,? 9 - -")
	res := searchTo(t, p, 3)
	assert.Equal(t, "a1e4", res.BestMove.String())
	// Mate unless Black holds a card that escapes (Rebirth sends the
	// Champion home): a winning score, a mate only if every world agrees.
	assert.Greater(t, res.Score, 1000)
	// With Black's hand known to hold no escape, it is mate.
	known := pos(t, "6rk/6pp/8/8/8/8/8/N3K3 w - - 0 1 - a1 - LC,HQ,RV/CW,DI,MS 9 - -")
	e := New(8)
	full := e.Search(context.Background(), known, Limits{Depth: 3}, nil)
	assert.Equal(t, 1, MateInMoves(full.Score))
}

// TestFairness: positions that differ only in what the side to move cannot
// see (the opponent's hand and the order of the draw pile) give the same
// choice at a fixed depth.
func TestFairness(t *testing.T) {
	board := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 - - - FC,MS,RB/"
	worlds := []string{
		board + "CW,DM,DD DI,CH,RV,LJ,LC,HQ,HF,VU,CR - -",
		board + "LJ,CH,CR VU,HF,DI,DM,CW,HQ,DD,LC,RV - -",
		board + "HF,VU,LC RV,DD,DM,CR,CW,DI,LJ,CH,HQ - -",
		board + "?,?,? 9 - -",
	}
	var first string
	for i, w := range worlds {
		res := searchTo(t, pos(t, w), 4)
		require.NotEqual(t, NullMove, res.BestMove)
		if i == 0 {
			first = res.BestMove.String()
			continue
		}
		assert.Equal(t, first, res.BestMove.String(), "world %d", i)
	}
}

func TestTiersPlayLegalActions(t *testing.T) {
	p := pos(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	g := chessmate.NewGame(p)
	legal := map[string]bool{}
	for _, a := range g.Legal() {
		legal[a] = true
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		a := randomMove(p, rng).String()
		assert.True(t, legal[a], a)
		seen[a] = true
	}
	assert.Greater(t, len(seen), 40, "random covers the legal actions")
	assert.True(t, legal[greedyMove(p, rng).String()])
	// Greedy grabs the hanging queen with its Dark Mirror.
	q := pos(t, "4k3/8/8/8/3P4/2q5/8/4K3 w - - 0 1 - - - DM,LC,HQ/?,?,? 9 - -")
	assert.Equal(t, "DM:d4c3", greedyMove(q, rng).String())
}

// Taking the knight leaves Black's bare king stalemated unless it can play
// one of its hidden cards. In most sampled worlds it can, so without the
// guard the capture looks best; a winning side must not bet on that.
func TestDoesNotBetOnHiddenCardsToEscapeStalemate(t *testing.T) {
	p := pos(t, "7k/8/2Q3n1/8/8/8/8/4K3 w - - 0 1 - - - DI,LC,DD/FC,MS,RB CH,HQ,LJ,VU,CR,RV,CW,HF,DM - -")
	capture, _, err := p.ParseAction("c6g6")
	require.NoError(t, err)
	require.True(t, leavesOnlyCards(p, capture))
	for _, lim := range []Limits{{Depth: 3}, {Nodes: 20000}} {
		e := New(16)
		res := e.SearchHidden(context.Background(), p, lim, DefaultSamples, nil)
		assert.NotEqual(t, "c6g6", res.BestMove.String(), "%+v", lim)
		assert.False(t, leavesOnlyCards(p, res.BestMove), "%+v: %v", lim, res.BestMove)
		assert.Greater(t, res.Score, stalemateGuard, "%+v: the win is kept", lim)
	}
}

// A search stopped before it starts still owes a legal move.
func TestStoppedAtOnceStillMoves(t *testing.T) {
	p := pos(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(1).SearchHidden(ctx, p, Limits{Infinite: true}, DefaultSamples, nil)
	require.NotEqual(t, NullMove, res.BestMove)
	assert.True(t, p.IsLegal(res.BestMove), res.BestMove.String())
}

// TestStratifiedDealsCoverEveryCard: consecutive deals put each unseen card
// into the opponent's hand in turn, and every deal is a permutation.
func TestStratifiedDealsCoverEveryCard(t *testing.T) {
	for _, tc := range []struct{ n, inHand int }{{12, 3}, {10, 3}, {12, 2}, {2, 3}, {7, 0}} {
		d := newStratifiedDealer(42, tc.inHand)
		inHand := make([]int, tc.n)
		const worlds = 8
		for w := 0; w < worlds; w++ {
			items := make([]chessmate.Card, tc.n)
			for i := range items {
				items[i] = chessmate.Card(i)
			}
			d.arrange(items)
			seen := make([]bool, tc.n)
			for _, x := range items {
				require.False(t, seen[x], "deal %d of %v repeats item %d: %v", w, tc, x, items)
				seen[x] = true
			}
			for _, x := range items[:min(tc.inHand, tc.n)] {
				inHand[x]++
			}
		}
		if tc.inHand == 0 {
			continue
		}
		lo, hi := worlds, 0
		for _, c := range inHand {
			lo, hi = min(lo, c), max(hi, c)
		}
		assert.LessOrEqual(t, hi-lo, 1, "times each card sat in the opponent's hand, %v: %v", tc, inHand)
	}
}

// TestSearchDependsOnlyOnThePosition: a decision does not depend on what the
// engine searched before (each world starts from NewGame), so a game replays
// the same in a fresh process.
func TestSearchDependsOnlyOnThePosition(t *testing.T) {
	earlier := pos(t, "r1bq1kbr/p3pppp/1p2p3/2p4Q/2B5/4P3/PPP1PPPP/R1B1K2R w K - 0 11 - - - HQ,DI,MS/DD,FC,DM CW,CR RV,VU,LC,CH,LJ,RB,HF HF")
	later := pos(t, "1r3kbQ/4p2p/pq2pp2/1p6/8/1P2PB2/1BP1PPPP/R2R2K1 w - - 2 24 - - - HQ,DI,MS/FC,DM,CW CR RV,VU,LC,CH,LJ,RB,HF,DD -")
	lim := Limits{Nodes: 20000}
	fresh := New(8).SearchHidden(context.Background(), later, lim, DefaultSamples, nil)
	e := New(8)
	e.SearchHidden(context.Background(), earlier, lim, DefaultSamples, nil)
	again := e.SearchHidden(context.Background(), later, lim, DefaultSamples, nil)
	assert.Equal(t, fresh.BestMove.String(), again.BestMove.String())
	assert.Equal(t, fresh.Score, again.Score)
	assert.Equal(t, fresh.Nodes, again.Nodes)
}

// TestEqualDealsSearchedOnce: with the draw pile empty and exactly as many
// unseen cards as the opponent holds, every deal is the same world, which
// is searched once.
func TestEqualDealsSearchedOnce(t *testing.T) {
	p := pos(t, "4kb1r/1pBp1ppp/8/8/8/1P3P2/b1PPP1qP/3QK1BR b Kk - 1 15 b8 - h1 RB,LJ,DM/DD,CH,DI 0 RV,VU,CW,HQ,LC,FC,HF,CR,MS MS")
	lim := Limits{Depth: 4}
	one := New(8).SearchHidden(context.Background(), p, lim, 1, nil)
	all := New(8).SearchHidden(context.Background(), p, lim, DefaultSamples, nil)
	assert.Equal(t, one.Nodes, all.Nodes)
	assert.Equal(t, one.BestMove, all.BestMove)
	// With a node budget the one world gets all of it.
	deep := New(8).SearchHidden(context.Background(), p, Limits{Nodes: 16000}, DefaultSamples, nil)
	assert.Greater(t, deep.Nodes, uint64(12000))
}

// TestSearchAfterHostilePlay: along random games played as a frontend may
// play them (views, "@?" and named draws, refused tokens), every search of
// a position whose mover sees its own hand answers one of the game's legal
// actions instead of crashing on its own view.
func TestSearchAfterHostilePlay(t *testing.T) {
	codes := []string{"", "", "@?", "@CW", "@MS", "@RV", "@FC", "@HF", "@VU"}
	searched := 0
	for seed := uint64(1); seed <= 8; seed++ {
		dealt, err := chessmate.Deal(chessmate.ShuffledDeck(seed))
		require.NoError(t, err)
		start := []string{dealt.String(), dealt.ViewFor(movegen.White), dealt.ViewFor(movegen.Black)}[seed%3]
		g := chessmate.NewGame(pos(t, start))
		rng := rand.New(rand.NewPCG(seed, 3))
		for ply := 0; ply < 60 && !g.Status().Over; ply++ {
			if p := g.Pos(); ply%7 == 6 && !p.Hand(p.SideToMove()).Has(chessmate.Unknown) {
				res := searchTo(t, p, 1)
				assert.Contains(t, g.Legal(), res.BestMove.String(), g.Position())
				searched++
			}
			legal := g.Legal()
			_, _ = g.Play(legal[rng.IntN(len(legal))] + codes[rng.IntN(len(codes))])
		}
	}
	assert.Greater(t, searched, 20)
}

// TestThreadsShareTheTable: two search threads per world give a legal turn;
// under -race this checks the workers of the card search share the table
// and the stop flag safely.
func TestThreadsShareTheTable(t *testing.T) {
	p := pos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - - - DM,LC,HQ/?,?,? 9 - -")
	e := New(8)
	e.SetOptions(Options{Threads: 2, MultiPV: 1})
	for i := 0; i < 2; i++ {
		res := e.SearchHidden(context.Background(), p, Limits{Depth: 5}, DefaultSamples, nil)
		legal := false
		for _, a := range p.GenLegal(make([]Move, 2048)) {
			legal = legal || a == res.BestMove
		}
		assert.True(t, legal, "turn %s", res.BestMove)
	}
}

// Card chess plans a move's time once with the kit and shares it among
// the sampled worlds (and the comparison of their candidates), whose
// searches pay no overhead of their own; together they keep the clock
// reserve of every game.
func TestTimePlanKeepsTheClockReserve(t *testing.T) {
	const overhead = 30 * time.Millisecond
	kittest.KeepsClockReserve(t, func(left, inc time.Duration) time.Duration {
		lim := Limits{Clock: true}
		lim.Time[movegen.White], lim.Inc[movegen.White] = left, inc
		budget := decisionTime(lim, overhead, movegen.White)
		perWorld, worlds, compare := worldPlan(lim, budget, DefaultSamples, true)
		searches := worlds
		if compare {
			searches *= 2
		}
		world := timePlan(&perWorld, movegen.White, 0, time.Now())
		return world.Hard * time.Duration(searches)
	})
}

// A world's search gets the decision's time divided among the searches,
// not that time less Move Overhead again: at 10+0.1 each of the 16
// searches has about 1/16 of the move's budget.
func TestWorldsShareTheMoveTime(t *testing.T) {
	lim := Limits{Clock: true}
	lim.Time[movegen.White], lim.Inc[movegen.White] = 10*time.Second, 100*time.Millisecond
	budget := decisionTime(lim, 30*time.Millisecond, movegen.White)
	assert.InDelta(t, 260, budget.Milliseconds(), 15)
	perWorld, worlds, compare := worldPlan(lim, budget, DefaultSamples, true)
	assert.Equal(t, DefaultSamples, worlds)
	assert.True(t, compare)
	assert.InDelta(t, float64(budget/16), float64(perWorld.MoveTime), float64(time.Millisecond))
	// Short of time: fewer worlds, no comparison, never below the floor.
	perWorld, worlds, compare = worldPlan(Limits{MoveTime: 10 * time.Millisecond}, 9*time.Millisecond, DefaultSamples, true)
	assert.False(t, compare)
	assert.Equal(t, 4, worlds)
	assert.GreaterOrEqual(t, perWorld.MoveTime, minWorldTime)
}

// championDraw: White draws Champion (the top of the pile) with any card it
// plays; Champion on the knight of e4 then mates the boxed king on h8. No
// other mate is in reach.
const championDraw = "7k/5K1p/7P/8/4N3/1p6/8/8 w - - 0 1 d2,f2,c3,g3,c5,g5,d6,e6,f6,e7,e8,f8 - - MS,DI,RV/LC,HQ,DM CH,CW,DD RB,FC,HF,VU,CR,LJ -"

// TestWorldsPlanWithTheDraw: a world whose pile has Champion on top shows
// the search a mate in two through that draw, at depth 4 too: a card turn
// kept as killer or counter move is searched (IsLegal takes legal card
// turns).
func TestWorldsPlanWithTheDraw(t *testing.T) {
	for _, depth := range []int{3, 4} {
		res := New(8).Search(context.Background(), pos(t, championDraw), Limits{Depth: depth}, nil)
		assert.Equal(t, 2, MateInMoves(res.Score), "depth %d: the world plans with the Champion it will draw", depth)
	}
}

// The game of chessmate's TestKnownOpponentCards, twice: White sees both
// alike (Black's hidden cards and draws differ). After two plies Black
// holds White's Forbidden City, taken with Vulture.
var knownCardsGames = []string{
	chessmate.StartFEN + " - - - FC,HF,MS/VU,CW,LJ DI,RB,CH,DM,DD,RV,LC,HQ,CR - -",
	chessmate.StartFEN + " - - - FC,HF,MS/VU,CR,HQ DI,LC,RV,DM,CW,LJ,RB,CH,DD - -",
}

var knownCardsTokens = []string{"FC:e5", "VU+e7e6", "HF+d2d4", "MS:e8"}

func playedGame(t *testing.T, start string, tokens []string) *chessmate.Game {
	t.Helper()
	g := chessmate.NewGame(pos(t, start))
	for _, token := range tokens {
		_, err := g.Play(token)
		require.NoError(t, err, token)
	}
	return g
}

// TestFairnessWithHiddenOptions: with known cards the choice still depends
// only on what the mover may know: games that differ in the opponent's
// hidden cards and the draw order give the same turn.
func TestFairnessWithHiddenOptions(t *testing.T) {
	var first string
	for i, start := range knownCardsGames {
		g := playedGame(t, start, knownCardsTokens[:2])
		hidden := HiddenOptions{KnownCards: g.KnownOpponentCards(movegen.White)}
		require.Equal(t, []chessmate.Card{chessmate.ForbiddenCity}, hidden.KnownCards)
		res := New(8).SearchHiddenWith(context.Background(), g.Pos(), Limits{Depth: 3}, DefaultSamples, hidden, nil)
		require.NotEqual(t, NullMove, res.BestMove)
		if i == 0 {
			first = res.BestMove.String()
		}
		assert.Equal(t, first, res.BestMove.String(), "game %d", i)
	}
}

// TestMoverViewHoldsKnownCards: the view the worlds are dealt from keeps
// the card Black took with Vulture, then the card White handed over with
// Hand of Fate, but not Mystic Shield, handed over too and played since.
func TestMoverViewHoldsKnownCards(t *testing.T) {
	blackHand := func(plies int) []chessmate.Card {
		g := playedGame(t, knownCardsGames[0], knownCardsTokens[:plies])
		return moverView(g.Pos(), g.KnownOpponentCards(movegen.White)).Hand(movegen.Black).Cards()
	}
	u := chessmate.Unknown
	assert.ElementsMatch(t, []chessmate.Card{u, u, u}, blackHand(0))
	assert.ElementsMatch(t, []chessmate.Card{chessmate.ForbiddenCity, u, u}, blackHand(2))
	assert.ElementsMatch(t, []chessmate.Card{chessmate.Disintegration, u, u}, blackHand(4))
	// A list the view contradicts (White holds Forbidden City) is dropped.
	p := pos(t, chessmate.StartFEN+" - - - FC,HF,MS/VU,CW,LJ DI,RB,CH,DM,DD,RV,LC,HQ,CR - -")
	assert.ElementsMatch(t, []chessmate.Card{u, u, u},
		moverView(p, []chessmate.Card{chessmate.Vulture, chessmate.ForbiddenCity}).Hand(movegen.Black).Cards())
}

// TestSearchDoesNotAllocatePerNode: a world's search allocates a fixed
// handful of objects.
func TestSearchDoesNotAllocatePerNode(t *testing.T) {
	p := pos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - - - DM,LC,HQ/FC,MS,CW DD,RB,CR,HF,VU,DI,CH,RV,LJ - -")
	e := New(8)
	kittest.SearchAllocatesLittle(t, func() uint64 {
		e.NewGame()
		return e.Search(context.Background(), p, Limits{Nodes: 30000}, nil).Nodes
	})
}
