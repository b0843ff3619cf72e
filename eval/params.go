package eval

import "tempest/movegen"

// Params is every tunable weight of the evaluation, each a packed
// middlegame/endgame Score in centipawns, seen from the side that owns the
// feature (the evaluation subtracts the opponent's). docs/EVAL.md explains
// each term; the tuner reads and writes them by field name and rewrites
// weights.go. Array comments give the index meaning.
type Params struct {
	PieceValue [7]Score     // [PieceType]; king unused
	PST        [7][64]Score // [PieceType][square from White's side, a1=0]; added to PieceValue

	KnightMobility [9]Score  // [safe squares attacked]
	BishopMobility [14]Score // [safe squares attacked]
	RookMobility   [15]Score // [safe squares attacked]
	QueenMobility  [28]Score // [safe squares attacked]

	PawnDoubled   Score    // per pawn with an own pawn in front on its file
	PawnIsolated  Score    // per pawn with no own pawn on the adjacent files
	PawnBackward  Score    // per pawn behind its neighbours whose stop square an enemy pawn guards
	PawnConnected [8]Score // [relative rank]; defended by a pawn or beside one

	PassedPawn          [8]Score // [relative rank]
	PassedOwnKingDist   [8]Score // [relative rank]; times own king's distance to the stop square
	PassedEnemyKingDist [8]Score // [relative rank]; times enemy king's distance to the stop square
	PassedBlocked       [8]Score // [relative rank]; stop square occupied
	PassedSafeStop      [8]Score // [relative rank]; stop square empty and not attacked by the enemy

	BishopPair       Score
	BishopPawns      Score // per own pawn on the bishop's square color
	KnightOutpost    Score // knight on ranks 4-6, defended by a pawn, out of enemy pawns' reach
	BishopOutpost    Score
	RookOpenFile     Score // no pawns on the rook's file
	RookSemiOpenFile Score // no own pawns on the rook's file
	RookOnSeventh    Score // on the relative 7th rank with enemy pawns there or the enemy king on the 8th

	KingShield [8]Score  // [rank distance of the nearest own pawn in front, 0 = none]; per file around the king
	KingStorm  [8]Score  // [rank distance of the nearest enemy pawn in front, 0 = none]; per file around the king
	KingDanger [64]Score // [attack units on the king, capped]; applied against the attacked side

	ThreatByPawn  [7]Score // [PieceType attacked]; enemy pieces attacked by our pawns
	ThreatByMinor [7]Score // [PieceType attacked]; by our knights and bishops
	ThreatByRook  [7]Score // [PieceType attacked]
	Hanging       Score    // enemy non-pawn piece we attack that nothing defends

	Tempo Score // for the side to move
}

// Attack units a piece adds to the enemy king's danger when it attacks the
// king zone, and the extra units of a safe check by that piece type. They
// only index KingDanger (which is tuned), so they stay fixed constants.
var (
	kingAttackUnits = [7]int{movegen.Knight: 2, movegen.Bishop: 2, movegen.Rook: 3, movegen.Queen: 5}
	safeCheckUnits  = [7]int{movegen.Knight: 4, movegen.Bishop: 3, movegen.Rook: 4, movegen.Queen: 3}
)
