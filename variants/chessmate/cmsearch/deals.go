package cmsearch

import (
	"math"
	"math/rand/v2"

	"tempest/variants/chessmate"
)

// Weighted deals (HiddenOptions.Turns, experimental): the opponent's hand
// is dealt by what it did and did not play. A card that would have won a
// lot on one of its recent turns, had the opponent held it, and was not
// played is less likely in its hand; the more so the surer the card, if
// held now, was held then.
//
// For each of the opponent's turns since the last Hand of Fate (which moves
// whole hands), as the mover saw it, every turn the opponent might have
// made is valued as the greedy tier values it: the material won less the
// best capture in reply by SEE (a mate mateValue). A card's regret is its
// best turn's value less that of the turn played, or of the best plain
// move if that is worth more (Hand of Fate with a move is worth the move);
// a turn with a Vulture counts for the Vulture. The turn's factor for
// the card is 1 - p*(1 - exp(-max(0, regret-regretMargin)/regretScale)),
// never below regretFloor, where p is the chance that a card held now was
// held then: (3 - draws since)/3, none after three draws. A card's weight
// is the product of its factors; weights only compare unseen cards.
const (
	regretMargin = 50  // cp a search may give up for a plan the greedy value does not see
	regretScale  = 150 // cp of regret beyond the margin per e-fold of the factor
	regretFloor  = 0.2 // a bluff or a card kept for later never rules a card out
	mateValue    = 2000
	handSize     = 3
)

// cardWeights weighs each card (indexed by chessmate.Card) by the
// opponent's turns, oldest first; cards the turns say nothing about weigh 1.
func cardWeights(turns []chessmate.OpponentTurn) [chessmate.Unknown]float64 {
	var w [chessmate.Unknown]float64
	for c := range w {
		w[c] = 1
	}
	var buf, reply [MaxMoves]Move
	draws := 0
	for t := len(turns) - 1; t >= 0; t-- {
		a := turns[t].Action
		if a.Card() != chessmate.NoCard {
			draws++ // a played card is replaced by a draw (Vulture takes one instead)
		}
		held := float64(max(handSize-draws, 0)) / handSize
		if held == 0 {
			break
		}
		before := turns[t].Before
		// The turn played, or the best plain move if that is worth more: a
		// card whose best turn a plain move matches explains nothing, since
		// the opponent did not take that either.
		floor := greedyValue(&before, a, reply[:])
		var best [chessmate.Unknown]int
		var seen [chessmate.Unknown]bool
		for _, m := range before.GenLegal(buf[:]) {
			v := greedyValue(&before, m, reply[:])
			c := m.Card()
			if m.Vulture() {
				c = chessmate.Vulture // a second card rides on the Vulture: it needs that card held
			}
			if c == chessmate.NoCard {
				floor = max(floor, v)
			} else if !seen[c] || v > best[c] {
				best[c], seen[c] = v, true
			}
		}
		for c := range best {
			if !seen[c] {
				continue
			}
			regret := float64(best[c] - floor - regretMargin)
			if regret <= 0 {
				continue
			}
			w[c] *= max(1-held*(1-math.Exp(-regret/regretScale)), regretFloor)
		}
	}
	return w
}

// greedyValue values action m for pos's side to move as the greedy tier
// does: the material won less the opponent's best capture in reply by SEE,
// a mate mateValue. reply is scratch.
func greedyValue(pos *Position, m Move, reply []Move) int {
	before := pos.MaterialBalance()
	var u chessmate.Undo
	pos.Make(m, &u)
	defer pos.Unmake(m, &u)
	replies := pos.GenLegal(reply)
	if len(replies) == 0 && pos.InCheck() {
		return mateValue
	}
	lost := 0
	for _, r := range replies {
		if pos.IsNoisy(r) {
			lost = max(lost, pos.SEE(r))
		}
	}
	return -pos.MaterialBalance() - before - lost
}

// weightedDealer deals the opponent's unknown cards with inclusion
// chances proportional to the cards' weights (each at most 1, and inHand
// in all) by systematic sampling over one fixed random order of the cards:
// world i of n takes the cards at the points (i+u)/n + j, j < inHand, of
// the line where each card spans its chance. With equal weights every card
// is in the opponent's hand about equally often, as the stratified dealer
// has it; the rest of the cards are shuffled freely.
type weightedDealer struct {
	rng           *rand.Rand
	inHand, world int
	worlds        int
	weight        [chessmate.Unknown]float64
	// Made on the first deal, the same unseen cards every time: the cards
	// in the fixed random order, their chances, the random start.
	line []chessmate.Card
	pi   []float64
	u    float64
}

func newWeightedDealer(seed uint64, inHand, worlds int, weight [chessmate.Unknown]float64) *weightedDealer {
	return &weightedDealer{rng: rand.New(rand.NewPCG(seed, 0x3E16D7)), inHand: inHand, worlds: max(worlds, 1), weight: weight}
}

// inclusion is each card's chance to be in the opponent's hand, by
// position in cards: proportional to its weight, capped at 1, summing to
// min(inHand, len(cards)).
func inclusion(cards []chessmate.Card, weight *[chessmate.Unknown]float64, inHand int) []float64 {
	pi := make([]float64, len(cards))
	capped := make([]bool, len(cards))
	left := float64(min(inHand, len(cards)))
	for {
		total := 0.0
		for i, c := range cards {
			if !capped[i] {
				total += weight[c]
			}
		}
		again := false
		for i, c := range cards {
			if capped[i] {
				continue
			}
			pi[i] = left * weight[c] / total
			if pi[i] > 1 {
				pi[i], capped[i], again = 1, true, true
				left--
			}
		}
		if !again {
			return pi
		}
	}
}

// arrange orders cards (the same unseen cards every time) for the next
// world: the opponent's unknown cards first.
func (d *weightedDealer) arrange(cards []chessmate.Card) {
	n := len(cards)
	if len(d.line) != n {
		d.line = make([]chessmate.Card, n)
		for i, idx := range d.rng.Perm(n) {
			d.line[i] = cards[idx]
		}
		d.u = d.rng.Float64()
		d.pi = inclusion(d.line, &d.weight, d.inHand)
	}
	line, pi := d.line, d.pi
	taken := make([]bool, n)
	dealt := make([]chessmate.Card, 0, n)
	point := (float64(d.world%d.worlds) + d.u) / float64(d.worlds)
	end := 0.0
	for i := range line {
		end += pi[i]
		for len(dealt) < min(d.inHand, n) && point < end {
			if !taken[i] {
				taken[i] = true
				dealt = append(dealt, line[i])
			}
			point++
		}
	}
	for i := 0; len(dealt) < min(d.inHand, n) && i < n; i++ { // rounding at the line's end
		if !taken[i] {
			taken[i] = true
			dealt = append(dealt, line[i])
		}
	}
	finishDeal(cards, dealt, line, taken, d.rng)
	d.world++
}
