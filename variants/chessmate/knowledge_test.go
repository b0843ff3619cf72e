package chessmate

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// Two games White sees alike: the same tokens, White's own draws the same
// (DI, then DM), Black's hidden cards and draws different. Black takes
// White's Forbidden City with Vulture, White hands MS and DI over with Hand
// of Fate (so Black knows White's new hand: its own three cards), each side
// then plays a known card.
var (
	knownCardsTokens = []string{"FC:e5", "VU+e7e6", "HF+d2d4", "MS:e8", "FC:a3"}
	knownCardsGames  = []string{
		StartFEN + " - - - FC,HF,MS/VU,CW,LJ DI,RB,CH,DM,DD,RV,LC,HQ,CR - -",
		StartFEN + " - - - FC,HF,MS/VU,CR,HQ DI,LC,RV,DM,CW,LJ,RB,CH,DD - -",
	}
)

// TestKnownOpponentCards follows what each side knows of the other's hand.
func TestKnownOpponentCards(t *testing.T) {
	white := [][]Card{nil, nil, {ForbiddenCity}, {MysticShield, Disintegration}, {Disintegration}, {Disintegration}}
	black := [][]Card{nil, nil, nil, {ForbiddenCity, Cowardice, LongJump}, {ForbiddenCity, Cowardice, LongJump}, {Cowardice, LongJump}}
	g := game(t, knownCardsGames[0])
	for ply := 0; ; ply++ {
		assert.ElementsMatch(t, white[ply], g.KnownOpponentCards(movegen.White), "White's knowledge after %d plies", ply)
		assert.ElementsMatch(t, black[ply], g.KnownOpponentCards(movegen.Black), "Black's knowledge after %d plies", ply)
		for _, c := range g.KnownOpponentCards(movegen.White) {
			assert.True(t, g.Pos().Hand(movegen.Black).Has(c), "ply %d: %s is in Black's hand", ply, c)
		}
		if ply == len(knownCardsTokens) {
			break
		}
		_, err := g.Play(knownCardsTokens[ply])
		require.NoError(t, err, knownCardsTokens[ply])
	}
}

// TestKnownOpponentCardsUseOnlyWhatTheViewerSees: games that differ only in
// what White cannot see give White the same knowledge at every ply, whether
// the record names every draw (a full-knowledge arbiter) or only White's,
// Black's as "@?" (a game played from White's view).
func TestKnownOpponentCardsUseOnlyWhatTheViewerSees(t *testing.T) {
	var first [][]Card
	for i, start := range knownCardsGames {
		arbiter, viewer := suffixedTokens(t, start)
		for j, record := range []struct{ start, tokens []string }{
			{[]string{start}, knownCardsTokens},
			{[]string{start}, arbiter},
			{[]string{mustParse(t, start).ViewFor(movegen.White)}, viewer},
		} {
			g := game(t, record.start[0])
			var seen [][]Card
			for ply := 0; ; ply++ {
				known := g.KnownOpponentCards(movegen.White)
				slices.Sort(known)
				seen = append(seen, known)
				if ply == len(record.tokens) {
					break
				}
				_, err := g.Play(record.tokens[ply])
				require.NoError(t, err, record.tokens[ply])
			}
			if first == nil {
				first = seen
			}
			assert.Equal(t, first, seen, "game %d, record %d", i, j)
		}
	}
}

// suffixedTokens gives knownCardsTokens with the draw suffixes of a game
// from start: every card named, and Black's draws as "@?".
func suffixedTokens(t *testing.T, start string) (named, forWhite []string) {
	g := game(t, start)
	for _, token := range knownCardsTokens {
		mover := g.Pos().SideToMove()
		_, err := g.Play(token)
		require.NoError(t, err, token)
		drawer := mover
		switch {
		case strings.Contains(token, "HF+"):
			drawer = mover.Other()
		case !strings.Contains(token, ":"):
			named, forWhite = append(named, token), append(forWhite, token)
			continue
		}
		hand := g.Pos().Hand(drawer).Cards()
		drawn := hand[len(hand)-1].Code()
		named = append(named, token+"@"+drawn)
		if drawer == movegen.Black {
			drawn = "?"
		}
		forWhite = append(forWhite, token+"@"+drawn)
	}
	return named, forWhite
}

func mustParse(t *testing.T, s string) *Position {
	t.Helper()
	p, err := ParsePosition(s)
	require.NoError(t, err, s)
	return p
}
