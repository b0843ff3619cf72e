package eval

import "tempest/movegen"

// Breakdown is the evaluation of a position term by term, for the "eval"
// command: per term and color the packed score, then how they combine.
type Breakdown struct {
	Terms      [NumTerms][2]Score
	Phase      int // MaxPhase = pure middlegame
	Scale      int // endgame scale, ScaleNormal = unscaled
	MateDrive  int // against a bare king, White's view (see MateDrive)
	White      int // final score from White's view, centipawns
	SideToMove int // final score from the side to move's view
}

// Explain evaluates p and returns the breakdown. It runs the same code as
// Evaluate.
func Explain(p *movegen.Board) Breakdown {
	var e Evaluator
	stm := e.Evaluate(p)
	var sum Score
	for t := range e.terms {
		sum += e.terms[t][white] - e.terms[t][black]
	}
	white := stm
	if p.SideToMove() == black {
		white = -stm
	}
	return Breakdown{Terms: e.terms, Phase: Phase(p), Scale: endgameScale(p, sum.EG()), MateDrive: MateDrive(p), White: white, SideToMove: stm}
}
