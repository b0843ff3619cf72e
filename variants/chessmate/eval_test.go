package chessmate

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The fitter reads positions through Terms (tuning/cardchess): the board's
// chess evaluation plus the weights times the terms must be Evaluate,
// under the hand-set weights and under weights that move every term, over
// random games where cards are played (Champions, forbidden squares).
func TestEvalTermsAgreeWithEvaluate(t *testing.T) {
	other := HandSetWeights
	for i := range other.Card {
		other.Card[i] += 7 * i
	}
	other.Champion, other.Tempo, other.ForbiddenNearKing = -40, 3, 90
	var seen EvalTerms
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 34))
		p, err := Deal(ShuffledDeck(seed))
		require.NoError(t, err)
		var buf [maxActions]Action
		for ply := 0; ply < 120 && !p.Over(); ply++ {
			for _, w := range []*CardWeights{nil, &HandSetWeights, &other} {
				var e Evaluator
				e.UseWeights(w)
				board, terms := e.Terms(p)
				weights := w
				if w == nil {
					weights = &HandSetWeights
				}
				require.Equal(t, e.Evaluate(p), board+weights.Score(&terms), p.String())
				seen.Champion |= terms.Champion
				seen.ForbiddenNearKing |= terms.ForbiddenNearKing
			}
			actions := p.GenActions(buf[:0])
			a := actions[rng.IntN(len(actions))]
			if a.Claim() {
				break
			}
			require.NoError(t, p.Play(a, NoCard))
		}
	}
	require.NotZero(t, seen.Champion, "no game had a Champion")
	require.NotZero(t, seen.ForbiddenNearKing, "no game had a forbidden square by a king")
}
