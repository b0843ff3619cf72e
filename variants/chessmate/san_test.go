package chessmate

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// TestSANMatchesChess: with no card in reach and no effect in force, the
// card-chess SAN of every regular move is chess's (the move generator's SAN,
// itself checked against python-chess), check and mate marks included, over
// every move of the standard perft suite's positions.
func TestSANMatchesChess(t *testing.T) {
	moves := 0
	forEachSuitePosition(t, func(chess *movegen.Position, cm *Position) {
		var buf [movegen.MaxMoves]movegen.Move
		for _, m := range chess.GenLegal(buf[:]) {
			a, _, err := cm.ParseAction(m.UCI(false))
			require.NoError(t, err, chess.FEN())
			after := *cm
			require.NoError(t, after.Play(a, NoCard), chess.FEN())
			require.Equal(t, chess.SAN(m), cm.san(a, &after), "%s %s", chess.FEN(), m.UCI(false))
			moves++
		}
	})
	require.Greater(t, moves, 1000)
}

// TestSANUnderCardEffects: a Champion's leap and a forbidden square change
// which pieces must be told apart; a Hand of Fate or Vulture turn writes its
// move; a card that can answer a check turns chess's mate into a check.
func TestSANUnderCardEffects(t *testing.T) {
	cards := " MS,VU,RV/HF,LC,RB CH,FC,HQ,DD,DM,DI,CR,LJ,CW - -"
	for _, c := range []struct{ pos, token, want string }{
		// b1 and the Champion on g6 (a (3,4) leap) both reach d2.
		{"4k3/8/6N1/8/8/8/8/1N2K3 w - - 0 1 - g6 -" + cards, "b1d2", "Nbd2"},
		{"4k3/8/6N1/8/8/8/8/1N2K3 w - - 0 1 - g6 -" + cards, "g6d2", "Ngd2"},
		// Without the Champion the g6 knight cannot reach d2.
		{"4k3/8/6N1/8/8/8/8/1N2K3 w - - 0 1 - - -" + cards, "b1d2", "Nd2"},
		// The forbidden c1 blocks the a1 rook: only h1 reaches d1.
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1 c1 - -" + cards, "h1d1", "Rd1"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1 - - -" + cards, "h1d1", "Rhd1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 - - -" + cards, "e1g1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 - - -" + cards, "e1c1", "O-O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 - - - HF,VU,RV/MS,LC,RB CH,FC,HQ,DD,DM,DI,CR,LJ,CW - -", "HF+a1a8", "Ra8+"},
		// Chess's back-rank mate is only check when Black holds Rebirth, which sends the rook home;
		// with Mystic Shield, Disintegration and Cowardice nothing helps: mate.
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1 - - - MS,VU,RV/HF,LC,RB CH,FC,HQ,DD,DM,DI,CR,LJ,CW - -", "a1a8", "Ra8+"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1 - - - CH,VU,RV/MS,DI,CW FC,HQ,DD,DM,HF,CR,LJ,LC,RB - -", "a1a8", "Ra8#"},
		{"r5k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1 - - - MS,VU,RV/HF,LC,RB CH,FC,HQ,DD,DM,DI,CR,LJ,CW - -", "a1a7", "Ra7"},
	} {
		p, err := ParsePosition(c.pos)
		require.NoError(t, err, c.pos)
		a, _, err := p.ParseAction(c.token)
		require.NoError(t, err, c.pos+" "+c.token)
		after := *p
		require.NoError(t, after.Play(a, NoCard), c.pos)
		require.Equal(t, c.want, p.san(a, &after), c.pos+" "+c.token)
	}
}
