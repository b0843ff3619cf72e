// Package eval is Tempest's hand-crafted evaluation: a tapered sum of
// middlegame and endgame scores over named terms (material, piece-square
// tables, pawn structure, passed pawns, mobility, king safety, threats,
// piece placement, tempo), with all weights in one Params value. Every term
// is described in docs/EVAL.md.
package eval

import (
	"tempest/movegen"
)

type (
	bitboard = movegen.Bitboard
	color    = movegen.Color
)

const (
	white = movegen.White
	black = movegen.Black
)

// Term groups the evaluation for the "eval" breakdown.
type Term int

const (
	TermMaterial Term = iota
	TermPieceSquare
	TermPawns
	TermKnights
	TermBishops
	TermRooks
	TermMobility
	TermKingSafety
	TermThreats
	TermPassed
	TermTempo
	NumTerms
)

var termNames = [NumTerms]string{"Material", "Piece-square", "Pawns", "Knights", "Bishops", "Rooks",
	"Mobility", "King safety", "Threats", "Passed pawns", "Tempo"}

func (t Term) String() string { return termNames[t] }

// MaxPhase is the game phase of the starting material: knights and bishops
// count 1, rooks 2, queens 4. Middlegame weight is phase/MaxPhase.
const MaxPhase = 24

// Evaluator holds the scratch state of one evaluation. Each search thread
// owns one, so evaluating never allocates.
type Evaluator struct {
	terms [NumTerms][2]Score

	attackedBy    [2][7]bitboard // [color][piece type]; [color][0] is everything the color attacks
	attacked2     [2]bitboard    // squares attacked at least twice
	mobilityArea  [2]bitboard
	kingZone      [2]bitboard // the king's square, its neighbours, and the next rank towards the enemy
	kingAttackers [2]int      // pieces of the color attacking the enemy king zone
	kingUnits     [2]int      // attack units of the color against the enemy king
	passers       [2]bitboard

	trace *Trace // only in builds with -tags tune
}

// Evaluate returns the static evaluation in centipawns from the side to
// move's point of view.
func (e *Evaluator) Evaluate(p *movegen.Board) int {
	e.compute(p)
	v := e.blend(p) + MateDrive(p)
	if p.SideToMove() == black {
		return -v
	}
	return v
}

// add credits color c with n times the weight w, under term.
func (e *Evaluator) add(term Term, c color, w *Score, n int) {
	e.terms[term][c] += *w * Score(n)
	if tracing && e.trace != nil {
		e.trace.note(w, c, n)
	}
}

func (e *Evaluator) compute(p *movegen.Board) {
	e.terms = [NumTerms][2]Score{}
	for _, c := range [2]color{white, black} {
		pawnAttacks := pawnAttackSet(c, p.Pieces(c, movegen.Pawn))
		kingAttacks := movegen.KingAttacks(p.KingSquare(c))
		e.attackedBy[c] = [7]bitboard{}
		e.attackedBy[c][movegen.Pawn] = pawnAttacks
		e.attackedBy[c][movegen.King] = kingAttacks
		e.attackedBy[c][0] = pawnAttacks | kingAttacks
		e.attacked2[c] = pawnAttacks&kingAttacks | pawnDoubleAttackSet(c, p.Pieces(c, movegen.Pawn))
		e.kingZone[c] = kingZoneMask[c][p.KingSquare(c)]
		e.kingAttackers[c], e.kingUnits[c] = 0, 0
		e.passers[c] = 0
	}
	for _, c := range [2]color{white, black} {
		// Squares a piece may use: not blocked by its own pawns or king and
		// not attacked by enemy pawns.
		e.mobilityArea[c] = ^(p.Pieces(c, movegen.Pawn) | p.Pieces(c, movegen.King) | e.attackedBy[c.Other()][movegen.Pawn])
		e.material(p, c)
		e.pawns(p, c)
	}
	for _, c := range [2]color{white, black} {
		e.pieces(p, c)
	}
	for _, c := range [2]color{white, black} {
		e.kingSafety(p, c)
		e.threats(p, c)
		e.passed(p, c)
	}
	e.add(TermTempo, p.SideToMove(), &Weights.Tempo, 1)
}

// blend sums the terms and tapers middlegame to endgame by material phase,
// scaling the endgame part down in drawish endings. White's point of view.
func (e *Evaluator) blend(p *movegen.Board) int {
	var sum Score
	for t := range e.terms {
		sum += e.terms[t][white] - e.terms[t][black]
	}
	phase := Phase(p)
	scale := endgameScale(p, sum.EG())
	if tracing && e.trace != nil {
		e.trace.Phase, e.trace.Scale = phase, scale
	}
	return (sum.MG()*phase + sum.EG()*(MaxPhase-phase)*scale/ScaleNormal) / MaxPhase
}

// MateDrive leads a queen or rook against a bare king to the mate: it
// rewards the bare king's distance from the centre and the kings' nearness.
// The ordinary terms are almost flat in such endings, so a shallow search
// (a low level, or card chess split over many sampled worlds) would wander
// until the fifty-move rule. White's point of view; 0 outside such endings,
// which the tuner leaves out (their result is decided, not evaluated).
func MateDrive(p *movegen.Board) int {
	for _, strong := range [2]color{white, black} {
		weak := strong.Other()
		if p.ByColor(weak) != p.Pieces(weak, movegen.King) ||
			p.Pieces(strong, movegen.Queen)|p.Pieces(strong, movegen.Rook) == 0 {
			continue
		}
		bare, ours := p.KingSquare(weak), p.KingSquare(strong)
		drive := 20*centreDistance(bare) + 10*(7-distance[bare][ours])
		if strong == black {
			return -drive
		}
		return drive
	}
	return 0
}

// centreDistance is how many files plus ranks sq lies outside the centre
// (0 on d4, d5, e4, e5; 6 in a corner).
func centreDistance(sq movegen.Square) int {
	f, r := int(sq.File()), int(sq.Rank())
	return max(3-f, f-4) + max(3-r, r-4)
}

// Phase returns the game phase from the remaining pieces, 0 (bare) to MaxPhase.
func Phase(p *movegen.Board) int {
	phase := p.ByType(movegen.Knight).Count() + p.ByType(movegen.Bishop).Count() +
		2*p.ByType(movegen.Rook).Count() + 4*p.ByType(movegen.Queen).Count()
	return min(phase, MaxPhase)
}

// ScaleNormal is the endgame scale of an ordinary position; see endgameScale.
const ScaleNormal = 128

// endgameScale shrinks the endgame score where material alone overstates the
// winning chances: a side without pawns needs more than a minor piece of
// extra material to win, and bishops of opposite colors draw often.
func endgameScale(p *movegen.Board, eg int) int {
	strong := white
	if eg < 0 {
		strong = black
	}
	weak := strong.Other()
	if p.Pieces(strong, movegen.Pawn) == 0 {
		strongMaterial, weakMaterial := nonPawnMaterial(p, strong), nonPawnMaterial(p, weak)
		switch {
		case strongMaterial <= 3:
			return 0 // a lone minor piece cannot win
		case strongMaterial-weakMaterial <= 3:
			return 16
		}
	}
	bishops := p.ByType(movegen.Bishop)
	if p.Pieces(white, movegen.Bishop).Count() == 1 && p.Pieces(black, movegen.Bishop).Count() == 1 &&
		bishops&movegen.LightSquares != 0 && bishops&movegen.DarkSquares != 0 {
		if p.ByType(movegen.Knight)|p.ByType(movegen.Rook)|p.ByType(movegen.Queen) == 0 {
			return 64 // opposite bishops and pawns only
		}
		return 100
	}
	return ScaleNormal
}

// nonPawnMaterial counts c's pieces as minor = 3, rook = 5, queen = 9.
func nonPawnMaterial(p *movegen.Board, c color) int {
	return 3*(p.Pieces(c, movegen.Knight).Count()+p.Pieces(c, movegen.Bishop).Count()) +
		5*p.Pieces(c, movegen.Rook).Count() + 9*p.Pieces(c, movegen.Queen).Count()
}

func (e *Evaluator) material(p *movegen.Board, c color) {
	for pt := movegen.Pawn; pt <= movegen.King; pt++ {
		for b := p.Pieces(c, pt); b != 0; {
			sq := relative(c, b.PopLSB())
			e.add(TermMaterial, c, &Weights.PieceValue[pt], 1)
			e.add(TermPieceSquare, c, &Weights.PST[pt][sq], 1)
		}
	}
}

func (e *Evaluator) pawns(p *movegen.Board, c color) {
	them := c.Other()
	ours, theirs := p.Pieces(c, movegen.Pawn), p.Pieces(them, movegen.Pawn)
	for b := ours; b != 0; {
		sq := b.PopLSB()
		rank := sq.RelativeRank(c)
		if forwardFile[c][sq]&ours != 0 {
			e.add(TermPawns, c, &Weights.PawnDoubled, 1)
		}
		neighbours := ours & adjacentFiles[sq.File()]
		stop := pushSquare(c, sq)
		switch {
		case neighbours == 0:
			e.add(TermPawns, c, &Weights.PawnIsolated, 1)
		case neighbours&levelOrBehind[c][sq] == 0 && movegen.PawnAttacks(c, stop)&theirs != 0:
			e.add(TermPawns, c, &Weights.PawnBackward, 1)
		}
		defenders := movegen.PawnAttacks(them, sq) & ours
		phalanx := neighbours & movegen.RankMask(sq.Rank())
		if defenders|phalanx != 0 {
			e.add(TermPawns, c, &Weights.PawnConnected[rank], 1)
		}
		if passedMask[c][sq]&theirs == 0 && forwardFile[c][sq]&ours == 0 {
			e.passers[c] |= sq.Bit()
		}
	}
}

func (e *Evaluator) pieces(p *movegen.Board, c color) {
	them := c.Other()
	occupied := p.Occupied()
	ourPawns, theirPawns := p.Pieces(c, movegen.Pawn), p.Pieces(them, movegen.Pawn)
	outposts := outpostRanks[c] & e.attackedBy[c][movegen.Pawn]

	for b := p.Pieces(c, movegen.Knight); b != 0; {
		sq := b.PopLSB()
		att := movegen.KnightAttacks(sq)
		e.noteAttacks(c, movegen.Knight, att)
		e.add(TermMobility, c, &Weights.KnightMobility[(att&e.mobilityArea[c]).Count()], 1)
		if outposts.Has(sq) && pawnAttackSpan[c][sq]&theirPawns == 0 {
			e.add(TermKnights, c, &Weights.KnightOutpost, 1)
		}
	}

	bishops := p.Pieces(c, movegen.Bishop)
	if bishops&movegen.LightSquares != 0 && bishops&movegen.DarkSquares != 0 {
		e.add(TermBishops, c, &Weights.BishopPair, 1)
	}
	for b := bishops; b != 0; {
		sq := b.PopLSB()
		att := movegen.BishopAttacks(sq, occupied)
		e.noteAttacks(c, movegen.Bishop, att)
		e.add(TermMobility, c, &Weights.BishopMobility[(att&e.mobilityArea[c]).Count()], 1)
		if outposts.Has(sq) && pawnAttackSpan[c][sq]&theirPawns == 0 {
			e.add(TermBishops, c, &Weights.BishopOutpost, 1)
		}
		sameColor := movegen.LightSquares
		if movegen.DarkSquares.Has(sq) {
			sameColor = movegen.DarkSquares
		}
		e.add(TermBishops, c, &Weights.BishopPawns, (ourPawns & sameColor).Count())
	}

	for b := p.Pieces(c, movegen.Rook); b != 0; {
		sq := b.PopLSB()
		att := movegen.RookAttacks(sq, occupied)
		e.noteAttacks(c, movegen.Rook, att)
		e.add(TermMobility, c, &Weights.RookMobility[(att&e.mobilityArea[c]).Count()], 1)
		file := movegen.FileMask(sq.File())
		switch {
		case (ourPawns|theirPawns)&file == 0:
			e.add(TermRooks, c, &Weights.RookOpenFile, 1)
		case ourPawns&file == 0:
			e.add(TermRooks, c, &Weights.RookSemiOpenFile, 1)
		}
		if sq.RelativeRank(c) == 6 && (theirPawns&relativeRank(c, 6) != 0 || p.KingSquare(them).RelativeRank(c) == 7) {
			e.add(TermRooks, c, &Weights.RookOnSeventh, 1)
		}
	}

	for b := p.Pieces(c, movegen.Queen); b != 0; {
		sq := b.PopLSB()
		att := movegen.QueenAttacks(sq, occupied)
		e.noteAttacks(c, movegen.Queen, att)
		e.add(TermMobility, c, &Weights.QueenMobility[(att&e.mobilityArea[c]).Count()], 1)
	}
}

// noteAttacks records a piece's attacks for threats and king safety.
func (e *Evaluator) noteAttacks(c color, pt movegen.PieceType, att bitboard) {
	e.attacked2[c] |= e.attackedBy[c][0] & att
	e.attackedBy[c][0] |= att
	e.attackedBy[c][pt] |= att
	if zone := att & e.kingZone[c.Other()]; zone != 0 {
		e.kingAttackers[c]++
		e.kingUnits[c] += kingAttackUnits[pt] + zone.Count()
	}
}

// kingSafety scores c's king: pawn shield and storm on the three files
// around it, and the danger from enemy pieces attacking its zone.
func (e *Evaluator) kingSafety(p *movegen.Board, c color) {
	them := c.Other()
	ksq := p.KingSquare(c)
	ahead := inFront[c][ksq.Rank()]
	center := min(max(ksq.File(), 1), 6)
	for f := center - 1; f <= center+1; f++ {
		file := movegen.FileMask(f) & ahead
		e.add(TermKingSafety, c, &Weights.KingShield[rankDistance(c, ksq, p.Pieces(c, movegen.Pawn)&file)], 1)
		e.add(TermKingSafety, c, &Weights.KingStorm[rankDistance(c, ksq, p.Pieces(them, movegen.Pawn)&file)], 1)
	}

	if e.kingAttackers[them] < 2 && p.Pieces(them, movegen.Queen) == 0 {
		return // a single attacker without a queen is no attack
	}
	units := e.kingUnits[them]
	occupied := p.Occupied()
	// Checks the enemy can give on squares we do not defend.
	safe := ^e.attackedBy[c][0] &^ p.ByColor(them)
	bishopLines := movegen.BishopAttacks(ksq, occupied)
	rookLines := movegen.RookAttacks(ksq, occupied)
	if movegen.KnightAttacks(ksq)&e.attackedBy[them][movegen.Knight]&safe != 0 {
		units += safeCheckUnits[movegen.Knight]
	}
	if bishopLines&e.attackedBy[them][movegen.Bishop]&safe != 0 {
		units += safeCheckUnits[movegen.Bishop]
	}
	if rookLines&e.attackedBy[them][movegen.Rook]&safe != 0 {
		units += safeCheckUnits[movegen.Rook]
	}
	if (bishopLines|rookLines)&e.attackedBy[them][movegen.Queen]&safe != 0 {
		units += safeCheckUnits[movegen.Queen]
	}
	if p.Pieces(them, movegen.Queen) == 0 {
		units /= 2
	}
	e.add(TermKingSafety, c, &Weights.KingDanger[min(units, len(Weights.KingDanger)-1)], 1)
}

// rankDistance is how many ranks in front of the king the nearest pawn of
// pawns stands, or 0 if there is none.
func rankDistance(c color, ksq movegen.Square, pawns bitboard) int {
	if pawns == 0 {
		return 0
	}
	nearest := pawns.LSB()
	if c == black {
		nearest = pawns.MSB()
	}
	d := nearest.Rank() - ksq.Rank()
	if d < 0 {
		d = -d
	}
	return min(d, 7)
}

// threats credits c for attacks on enemy pieces that are worth more than the
// attacker or not defended at all.
func (e *Evaluator) threats(p *movegen.Board, c color) {
	them := c.Other()
	pieces := p.ByColor(them) &^ p.ByType(movegen.Pawn) &^ p.ByType(movegen.King)
	for b := e.attackedBy[c][movegen.Pawn] & pieces; b != 0; {
		e.add(TermThreats, c, &Weights.ThreatByPawn[p.Piece(b.PopLSB()).Type()], 1)
	}
	majors := p.ByColor(them) & (p.ByType(movegen.Rook) | p.ByType(movegen.Queen))
	for b := (e.attackedBy[c][movegen.Knight] | e.attackedBy[c][movegen.Bishop]) & majors; b != 0; {
		e.add(TermThreats, c, &Weights.ThreatByMinor[p.Piece(b.PopLSB()).Type()], 1)
	}
	for b := e.attackedBy[c][movegen.Rook] & p.Pieces(them, movegen.Queen); b != 0; {
		e.add(TermThreats, c, &Weights.ThreatByRook[p.Piece(b.PopLSB()).Type()], 1)
	}
	hanging := pieces & e.attackedBy[c][0] &^ e.attackedBy[them][0]
	e.add(TermThreats, c, &Weights.Hanging, hanging.Count())
}

// passed scores c's passed pawns by rank, king proximity and whether the
// way forward is open.
func (e *Evaluator) passed(p *movegen.Board, c color) {
	them := c.Other()
	ownKing, enemyKing := p.KingSquare(c), p.KingSquare(them)
	for b := e.passers[c]; b != 0; {
		sq := b.PopLSB()
		rank := sq.RelativeRank(c)
		stop := pushSquare(c, sq)
		e.add(TermPassed, c, &Weights.PassedPawn[rank], 1)
		e.add(TermPassed, c, &Weights.PassedOwnKingDist[rank], distance[ownKing][stop])
		e.add(TermPassed, c, &Weights.PassedEnemyKingDist[rank], distance[enemyKing][stop])
		switch {
		case p.Piece(stop) != movegen.NoPiece:
			e.add(TermPassed, c, &Weights.PassedBlocked[rank], 1)
		case !e.attackedBy[them][0].Has(stop):
			e.add(TermPassed, c, &Weights.PassedSafeStop[rank], 1)
		}
	}
}
