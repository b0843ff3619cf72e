package games

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/game"
	"tempest/kit"
	"tempest/rules"
)

func defaults() game.Settings {
	return game.Settings{HashMB: game.DefaultHashMB, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond,
		Own: DefaultOwn(), Level: kit.PlayingLevels[len(kit.PlayingLevels)-1].Level, LevelSeed: 1}
}

// startSetups gives each game a reproducible start.
var startSetups = map[string][]string{"chessmate": {"seed", "7"}, "stratego": {"seed", "7"}}

// Every game keeps the same contract with the protocol: a position string
// it prints reads back, perft 1 counts the legal actions, a record reads
// back to the same game, and its engine answers "go" with a legal action.
func TestEveryGameKeepsTheContract(t *testing.T) {
	for _, v := range All() {
		t.Run(v.Name(), func(t *testing.T) {
			s := defaults()
			g, err := v.Start(startSetups[v.Name()], s)
			require.NoError(t, err)
			legal := g.Legal()
			require.NotEmpty(t, legal)
			require.NoError(t, g.Follow(legal[0]))
			require.NoError(t, g.Follow(g.Legal()[0]))

			again, err := v.Parse(g.Position(), s)
			require.NoError(t, err)
			assert.Equal(t, g.Position(), again.Position())

			counts, err := g.Perft(context.Background(), 1, s)
			require.NoError(t, err)
			assert.Len(t, counts, len(g.Legal()))

			r, err := rules.ParsePGN(g.RecordText())
			require.NoError(t, err)
			loaded, err := v.Load(r, s)
			require.NoError(t, err)
			assert.Equal(t, g.Actions(), loaded.Actions())
			assert.Equal(t, g.RecordText(), loaded.RecordText())

			assert.NotEmpty(t, g.Display())
			e, err := v.NewEngine(s)
			require.NoError(t, err)
			assert.Equal(t, s, e.Settings())
			search, _, err := e.Prepare(g, []string{"depth", "2"})
			require.NoError(t, err)
			var infos int
			best := search(context.Background(), nil, func(string) { infos++ })
			assert.Contains(t, g.Legal(), strings.Fields(best)[0])
			assert.Positive(t, infos, "a search reports its progress")
		})
	}
}

// The experiments that ended (docs/STRENGTH-HISTORY.md has their results) are
// unknown "go" words now: each is ignored with the note every unknown word
// gets, as is its value, and the search still answers a legal action.
func TestEndedExperimentsAreUnknownWords(t *testing.T) {
	for _, tc := range []struct{ game, word, value string }{
		{"chessmate", "eval", "net"},
		{"chameleon", "pruning", "on"},
		{"chameleon", "brsdefault", "gain"},
		{"stratego", "narrow", "6"},
		{"stratego", "guard", "on"},
		{"stratego", "leaf", "expect"},
	} {
		v := ByName(tc.game)
		s := defaults()
		g, err := v.Start(startSetups[tc.game], s)
		require.NoError(t, err)
		e, err := v.NewEngine(s)
		require.NoError(t, err)
		search, notes, err := e.Prepare(g, []string{"depth", "1", tc.word, tc.value})
		require.NoError(t, err)
		assert.Equal(t, []string{
			`go: unknown parameter "` + tc.word + `" ignored`,
			`go: unknown parameter "` + tc.value + `" ignored`,
		}, notes, "%s %s %s", tc.game, tc.word, tc.value)
		best := search(context.Background(), nil, func(string) {})
		assert.Contains(t, g.Legal(), strings.Fields(best)[0], "%s %s %s", tc.game, tc.word, tc.value)
	}
}

// Configure hands every setting to the search it drives, and refuses a
// table the machine cannot hold, keeping the old one.
func TestChessEngineTakesTheSettings(t *testing.T) {
	c, err := newChessEngine(defaults())
	require.NoError(t, err)
	e := c
	s := defaults()
	s.Threads, s.MultiPV, s.MoveOverhead, s.Contempt, s.HashMB = 2, 3, 90*time.Millisecond, 25, 8
	s.Level = kit.PlayingLevels[4].Level
	_, err = e.Configure(s)
	require.NoError(t, err)
	o := c.e.Options()
	assert.Equal(t, []any{2, 3, 90 * time.Millisecond, 25}, []any{o.Threads, o.MultiPV, o.MoveOverhead, o.Contempt})
	assert.Equal(t, 8, e.TableMB())
	assert.Equal(t, s.Level, c.e.Level())

	s.HashMB = 1 << 40
	_, err = e.Configure(s)
	require.Error(t, err)
	assert.Equal(t, 8, e.TableMB(), "the old table stays")
	assert.Equal(t, 8, e.Settings().HashMB)
}

// The card-chess engine searches regular moves only when Play Cards is
// off, whenever a regular move exists.
func TestPlayCardsOff(t *testing.T) {
	s := defaults()
	s.Own = s.Own.With(optPlayCards, "false")
	g, err := CardChess{}.Start([]string{"seed", "3"}, s)
	require.NoError(t, err)
	e, err := CardChess{}.NewEngine(s)
	require.NoError(t, err)
	search, _, err := e.Prepare(g, []string{"depth", "2"})
	require.NoError(t, err)
	best := search(context.Background(), nil, func(string) {})
	assert.NotContains(t, best, ":", "a card action is written CARD:...")
	assert.True(t, slices.Contains(g.Legal(), best))
}

// Card chess reads the experimental "go ... worlds known|default"; another
// value (the ended "sealed", "weighted" and "deferred" among them) is
// ignored with a note, and the search still answers a legal action.
func TestCardChessWorldsWord(t *testing.T) {
	for _, tc := range []struct {
		value string
		noted bool
	}{
		{"default", false}, {"known", false},
		{"sealed", true}, {"weighted", true}, {"deferred", true}, {"sealed,known", true},
	} {
		s := defaults()
		g, err := CardChess{}.Start([]string{"seed", "5"}, s)
		require.NoError(t, err)
		for _, token := range g.Legal()[:1] {
			_, err := g.Play(token)
			require.NoError(t, err)
		}
		e, err := CardChess{}.NewEngine(s)
		require.NoError(t, err)
		search, notes, err := e.Prepare(g, []string{"depth", "2", "worlds", tc.value})
		require.NoError(t, err)
		if tc.noted {
			assert.Equal(t, []string{`go worlds "` + tc.value + `" is not "default" or "known"; using default`}, notes)
		} else {
			assert.Empty(t, notes, tc.value)
		}
		best := search(context.Background(), nil, func(string) {})
		assert.True(t, slices.Contains(g.Legal(), best), "%s: %s", tc.value, best)
	}
}

// Every game measures its levels (docs/STRENGTH.md): a scale per number of
// players it was measured with, each with a rating for every level. A game
// played by different numbers names the number of each scale (and a
// number it can be played by); one always played by the same number names
// none. Chess's scale is the levels' own Elo, which UCI_Elo reads.
func TestEveryGameDeclaresItsLevelScales(t *testing.T) {
	for _, v := range All() {
		t.Run(v.Name(), func(t *testing.T) {
			p := v.Properties()
			require.NotEmpty(t, p.Levels, "the levels' strength in %s is measured (docs/STRENGTH.md)", v.Name())
			seen := map[int]bool{}
			for _, scale := range p.Levels {
				assert.Len(t, scale.Elo, len(kit.PlayingLevels), "a rating for every level")
				assert.False(t, seen[scale.Players], "one scale per number of players")
				seen[scale.Players] = true
				if p.MinPlayers == len(p.Sides) {
					assert.Zero(t, scale.Players, "always %d players: the scale names no number", len(p.Sides))
				} else {
					assert.True(t, scale.Players >= p.MinPlayers && scale.Players <= len(p.Sides),
						"a scale of %d players, a number the game is played by (%d-%d)", scale.Players, p.MinPlayers, len(p.Sides))
				}
				for _, elo := range scale.Elo {
					assert.True(t, elo > 0 && elo < 4000, "a rating on an Elo scale: %d", elo)
				}
			}
		})
	}
	assert.Equal(t, []kit.LevelScale{kit.ChessScale()}, Chess{}.Properties().Levels)
}
