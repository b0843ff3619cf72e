package kit

import (
	"cmp"
	"hash/fnv"
	"math"
	"slices"
)

// Determinisation, for the games with hidden information (card chess's
// hands, Stratego's pieces): the mover's view is dealt into full-knowledge
// worlds consistent with what it has seen, each world is searched by the
// game's ordinary search, and a move is chosen by its scores averaged over
// the worlds, clipped first so that a forced win seen in some worlds only
// counts as a big advantage, not a certainty. The game deals and searches;
// the kit seeds the deals, merges equal worlds and keeps the ballot.

// ViewSeed hashes what the mover sees (its view written out, and any public
// history), so the worlds dealt from it depend on nothing the mover cannot
// see and a decision is reproducible. The parts are hashed as one text.
func ViewSeed(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
	}
	return h.Sum64()
}

// DealWorlds deals n worlds (at least one). When key is not nil, worlds with
// the same key are equal and searched once: the weight of a world is the
// number of deals that gave it. Late in a game few identities are hidden
// and most deals repeat; the budget then goes to the distinct ones.
func DealWorlds[W any](n int, deal func() W, key func(*W) string) (worlds []W, weights []int) {
	seen := map[string]int{}
	for i := 0; i < max(n, 1); i++ {
		w := deal()
		if key != nil {
			k := key(&w)
			if j, ok := seen[k]; ok {
				weights[j]++
				continue
			}
			seen[k] = len(worlds)
		}
		worlds = append(worlds, w)
		weights = append(weights, 1)
	}
	return worlds, weights
}

// Tally is one candidate move's record over the worlds, every sum weighted
// by the worlds' weights.
type Tally struct {
	Votes    int     // weight of the worlds whose best move it is
	Weight   int     // weight of the worlds that scored it
	Sum      int     // clipped scores, plus any Shift
	Expected float64 // expected results of the clipped scores (ExpectedScore)
	Decided  int     // weight of the worlds where its score is a forced result
	Forced   int     // those worlds' unclipped scores
}

// Mean is the move's average clipped score (0 when no world scored it).
func (t *Tally) Mean() int { return t.Sum / max(t.Weight, 1) }

// MeanExpected is the move's average expected result, 0 to 1.
func (t *Tally) MeanExpected() float64 { return t.Expected / float64(max(t.Weight, 1)) }

// Ballot collects the worlds' verdicts on candidate moves: votes for the
// best move of each world and each world's score of the candidates. Once
// a move is known, voting and scoring it allocate nothing.
type Ballot[M comparable] struct {
	clip    func(int) int  // bounds one world's score
	decided func(int) bool // a forced result (mate, flag) in that world
	moves   []M            // the candidates, in any order (ByVotes sorts them)
	index   map[M]int      // move -> its tally
	tallies []Tally
}

// NewBallot makes an empty ballot. clip bounds one world's score in the
// averages (ClipTo is the usual clip); decided, when not nil, marks the scores of forced results,
// which the tallies count apart so a result forced in every world stays
// forced (see Tally.Forced).
func NewBallot[M comparable](clip func(score int) int, decided func(score int) bool) *Ballot[M] {
	return &Ballot[M]{clip: clip, decided: decided, index: map[M]int{}}
}

// Add makes m a candidate (a no-op when it is one) and returns its tally.
func (b *Ballot[M]) Add(m M) *Tally {
	if i, ok := b.index[m]; ok {
		return &b.tallies[i]
	}
	b.index[m] = len(b.moves)
	b.moves = append(b.moves, m)
	b.tallies = append(b.tallies, Tally{})
	return &b.tallies[len(b.tallies)-1]
}

// Tally is m's tally, nil when m is no candidate.
func (b *Ballot[M]) Tally(m M) *Tally {
	if i, ok := b.index[m]; ok {
		return &b.tallies[i]
	}
	return nil
}

// Moves are the candidates: in the order they were added, or as ByVotes
// sorted them.
func (b *Ballot[M]) Moves() []M { return b.moves }

// Vote counts a world of weight w whose best move is m.
func (b *Ballot[M]) Vote(m M, w int) { b.Add(m).Votes += w }

// Score counts a world of weight w that scored m at score.
func (b *Ballot[M]) Score(m M, score, w int) {
	t := b.Add(m)
	c := b.clip(score)
	t.Sum += w * c
	t.Expected += float64(w) * ExpectedScore(c)
	t.Weight += w
	if b.decided != nil && b.decided(score) {
		t.Decided += w
		t.Forced += w * score
	}
}

// Shift adds delta, weighted by w, to m's score sum without counting a
// world: a correction such as a control variate's.
func (b *Ballot[M]) Shift(m M, delta, w int) { b.Add(m).Sum += w * delta }

// ClipTo bounds a score to ±limit.
func ClipTo(score, limit int) int { return min(max(score, -limit), limit) }

// ClearScores forgets every score and keeps the candidates and, when
// keepVotes, their votes: for a new round of scoring over the worlds.
func (b *Ballot[M]) ClearScores(keepVotes bool) {
	for i := range b.tallies {
		votes := b.tallies[i].Votes
		b.tallies[i] = Tally{}
		if keepVotes {
			b.tallies[i].Votes = votes
		}
	}
}

// ByVotes orders the candidates most voted first, ties to the higher mean
// clipped score; it sorts in place and returns the candidates.
func (b *Ballot[M]) ByVotes() []M {
	slices.SortStableFunc(b.moves, func(x, y M) int {
		tx, ty := b.Tally(x), b.Tally(y)
		if tx.Votes != ty.Votes {
			return ty.Votes - tx.Votes
		}
		return cmp.Compare(ty.Sum*tx.Weight, tx.Sum*ty.Weight)
	})
	return b.moves
}

// ByExpected orders moves (candidates of b) by their mean expected result,
// best first, the moves scored in more worlds before those in fewer when
// either was scored in none; it sorts moves in place.
func (b *Ballot[M]) ByExpected(moves []M) {
	slices.SortStableFunc(moves, func(x, y M) int {
		tx, ty := b.Tally(x), b.Tally(y)
		if tx.Weight == 0 || ty.Weight == 0 {
			return ty.Weight - tx.Weight
		}
		return cmp.Compare(ty.MeanExpected(), tx.MeanExpected())
	})
}

// ExpectedScore maps a centipawn-like score to the expected game result, 0
// to 1, on the usual logistic curve (+400 ≈ 0.91). Comparing moves by the
// mean of these rather than of the scores weighs risk as a player does: a
// move that adds a pawn to a winning position in most worlds and loses a
// rook in the rest lowers the chance to win, where the mean score would
// call it a gain.
func ExpectedScore(score int) float64 {
	return 1 / (1 + math.Pow(10, -float64(score)/400))
}
