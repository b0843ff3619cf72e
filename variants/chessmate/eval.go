package chessmate

import (
	"tempest/eval"
	"tempest/movegen"
)

// Evaluator scores card-chess positions: the chess evaluation of the board
// (docs/EVAL.md) plus the card terms below, from the side to move's view.
// The card terms are hand-set estimates; see docs/VARIANTS.md.
type Evaluator struct {
	chess eval.Evaluator
}

// CardValue is what holding a card is worth, in centipawns: roughly how much
// its best typical use gains (Rebirth and Forbidden City win tempi or
// material; Disintegration is rarely worth playing). An unknown card is worth
// the average. Values are small against material: a card's real worth in a
// position is found by the search, which plays it.
var CardValue = [Unknown + 1]int{
	NoCard: 0, Cowardice: 30, DarkMirror: 45, DeathDance: 50, Disintegration: 5, Champion: 30, Rebirth: 60,
	Revelation: 20, LongJump: 35, LostCastle: 25, MysticShield: 20, ForbiddenCity: 45, HolyQuest: 30,
	HandOfFate: 35, Vulture: 30, Crusade: 40, Unknown: 33,
}

// Board-effect terms, centipawns.
const (
	championBonus  = 25 // a Champion's long leap reaches more of the board than a knight's
	tempoCard      = 10 // the side to move may use its cards first
	forbiddenNearK = 12 // per forbidden square next to a king: one escape square fewer
)

// Evaluate returns the evaluation from the side to move's point of view.
func (e *Evaluator) Evaluate(p *Position) int {
	score := e.chess.Evaluate(&p.Board)
	us, them := p.SideToMove(), p.SideToMove().Other()
	for _, c := range p.hands[us].Cards() {
		score += CardValue[c]
	}
	for _, c := range p.hands[them].Cards() {
		score -= CardValue[c]
	}
	score += championBonus * ((p.champions & p.ByColor(us)).Count() - (p.champions & p.ByColor(them)).Count())
	ownRing := movegen.KingAttacks(p.KingSquare(us)) & p.forbidden
	theirRing := movegen.KingAttacks(p.KingSquare(them)) & p.forbidden
	score -= forbiddenNearK * (ownRing.Count() - theirRing.Count())
	if p.hands[us].n > 0 {
		score += tempoCard
	}
	return score
}
