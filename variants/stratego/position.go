package stratego

// Position is a Stratego position with full knowledge or as one player
// sees it (enemy pieces never revealed are Unknown). It is a plain struct of
// fixed arrays, so copying it is one memmove: the search makes moves by
// copy.
type Position struct {
	board     [numSquares]Piece
	defeated  [2][ArmySize]Kind // each side's defeated list, oldest first
	nDefeated [2]uint8
	count     [2][numKinds]uint8 // pieces on the board by side and kind (Unknown included)
	res       [2]uint8           // resurrections used
	trigger   [2]int8            // the first resurrection's piece: noTrigger, a square, or deadTrigger(i)
	stm       Side
	quiet     int32 // plies since the last battle, stopping at maxCounter
	ply       int32 // plies played, stopping at maxCounter
	key       uint64
	pkey      uint64 // public key: unrevealed pieces count as unknown
}

// Trigger encoding: a square 0-79 while the piece is on the board, or
// -2-i while it is entry i of its side's defeated list.
const noTrigger int8 = -1

func deadTrigger(i int) int8  { return int8(-2 - i) }
func triggerDead(t int8) bool { return t <= -2 }
func triggerIndex(t int8) int { return int(-2 - t) }
func triggerKeyIndex(t int8) int {
	switch {
	case t == noTrigger:
		return 0
	case t >= 0:
		return 1 + int(t)
	}
	return 1 + numSquares + triggerIndex(t)
}

// Zobrist keys. A position's key covers everything repetition compares
// (§12.10): piece letters without marks, side to move, resurrection counts,
// trigger fields and defeated lists.
var (
	zPiece    [32][numSquares]uint64
	zSide     uint64
	zTrigger  [2][1 + numSquares + ArmySize]uint64
	zRes      [2][3]uint64
	zDefeated [2][ArmySize][numKinds]uint64
	zID       [numIDs][numSquares]uint64 // a view's unknown pieces by identity (Game.repKey)
)

// numIDs bounds the piece identities a game follows (60 pieces and 4
// resurrections, rounded up to a power of two).
const numIDs = 128

func init() {
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for i := range zPiece {
		for s := range zPiece[i] {
			zPiece[i][s] = next()
		}
	}
	zSide = next()
	for i := range zID {
		for s := range zID[i] {
			zID[i][s] = next()
		}
	}
	for s := 0; s < 2; s++ {
		for i := range zTrigger[s] {
			zTrigger[s][i] = next()
		}
		for i := range zRes[s] {
			zRes[s][i] = next()
		}
		for i := range zDefeated[s] {
			for k := range zDefeated[s][i] {
				zDefeated[s][i][k] = next()
			}
		}
	}
}

// SideToMove is the side whose turn it is.
func (p *Position) SideToMove() Side { return p.stm }

// At is the piece on a square (NoPiece when empty or a lake).
func (p *Position) At(s Square) Piece { return p.board[s] }

// Key identifies the position for repetition (marks and counters excluded).
func (p *Position) Key() uint64 { return p.key }

// PublicKey identifies the position as both players see it: unrevealed
// pieces of either side count as unknown. The search compares it against
// the game's history without using what the mover cannot see.
func (p *Position) PublicKey() uint64 { return p.pkey }

func publicIndex(pc Piece) Piece {
	if pc.Revealed() {
		return pc.plain() & 31
	}
	return MakePiece(Unknown, pc.Side())
}

// Ply is the number of plies played; Quiet the plies since the last battle.
func (p *Position) Ply() int   { return int(p.ply) }
func (p *Position) Quiet() int { return int(p.quiet) }

// Resurrections is the number of resurrections a side has used.
func (p *Position) Resurrections(s Side) int { return int(p.res[s]) }

// Defeated is a side's defeated list, oldest first.
func (p *Position) Defeated(s Side) []Kind {
	return append([]Kind(nil), p.defeated[s][:p.nDefeated[s]]...)
}

// Count is the number of a side's pieces of a kind on the board.
func (p *Position) Count(s Side, k Kind) int { return int(p.count[s][k]) }

// Hidden reports whether the position has unknown pieces (it is a view).
func (p *Position) Hidden() bool { return p.count[0][Unknown]+p.count[1][Unknown] > 0 }

// TriggerSquare is the square of a side's trigger piece, or NoSquare when
// it has none or the piece is in the defeated list.
func (p *Position) TriggerSquare(s Side) Square {
	if p.trigger[s] >= 0 {
		return Square(p.trigger[s])
	}
	return NoSquare
}

func (p *Position) put(s Square, pc Piece) {
	p.board[s] = pc
	p.count[pc.Side()][pc.Kind()]++
	p.key ^= zPiece[pc.plain()&31][s]
	p.pkey ^= zPiece[publicIndex(pc)][s]
}

func (p *Position) take(s Square) Piece {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.count[pc.Side()][pc.Kind()]--
	p.key ^= zPiece[pc.plain()&31][s]
	p.pkey ^= zPiece[publicIndex(pc)][s]
	return pc
}

func (p *Position) setTrigger(s Side, t int8) {
	p.key ^= zTrigger[s][triggerKeyIndex(p.trigger[s])] ^ zTrigger[s][triggerKeyIndex(t)]
	p.trigger[s] = t
}

func (p *Position) setRes(s Side, n uint8) {
	p.key ^= zRes[s][p.res[s]] ^ zRes[s][n]
	p.res[s] = n
}

// pushDefeated adds a piece to its side's defeated list; a trigger piece
// that dies keeps being the trigger, as its list entry.
func (p *Position) pushDefeated(s Side, k Kind, from Square) {
	i := p.nDefeated[s]
	p.defeated[s][i] = k
	p.nDefeated[s]++
	p.key ^= zDefeated[s][i][k]
	if p.trigger[s] == int8(from) {
		p.setTrigger(s, deadTrigger(int(i)))
	}
}

// removeDefeated takes entry i out of a side's list (a resurrection).
func (p *Position) removeDefeated(s Side, i int) Kind {
	n := int(p.nDefeated[s])
	k := p.defeated[s][i]
	for j := i; j < n; j++ {
		p.key ^= zDefeated[s][j][p.defeated[s][j]]
	}
	copy(p.defeated[s][i:n-1], p.defeated[s][i+1:n])
	p.defeated[s][n-1] = NoKind
	p.nDefeated[s]--
	for j := i; j < n-1; j++ {
		p.key ^= zDefeated[s][j][p.defeated[s][j]]
	}
	if t := p.trigger[s]; triggerDead(t) && triggerIndex(t) > i {
		p.setTrigger(s, deadTrigger(triggerIndex(t)-1))
	}
	return k
}

// Outcome is the result of one battle.
type Outcome uint8

const (
	NoBattle Outcome = iota
	AttackerWins
	DefenderWins
	Tie
)

func (o Outcome) String() string {
	return [...]string{"no battle", "attacker wins", "defender wins", "tie"}[o]
}

// Resolve applies the battle rules of §5 to known kinds, attacker first.
func Resolve(attacker, defender Kind) Outcome {
	switch {
	case defender == Flag:
		return AttackerWins
	case defender == Trap:
		if attacker == Dwarf {
			return AttackerWins
		}
		return DefenderWins
	case attacker == Slayer && defender == Dragon:
		return AttackerWins
	}
	switch a, d := attacker.Rank(), defender.Rank(); {
	case a > d:
		return AttackerWins
	case a < d:
		return DefenderWins
	}
	return Tie
}

// Battle is what one move did beyond moving: the kinds that met, the
// outcome, and a resurrection (Resurrected is NoKind when none happened).
type Battle struct {
	Attacker, Defender Kind
	Outcome            Outcome
	Resurrected        Kind
	ResurrectedOn      Square
}

// FlagCaptured reports whether the battle took a Flag.
func (b Battle) FlagCaptured() bool { return b.Defender == Flag && b.Outcome == AttackerWins }

// Play makes a move that GenMoves produced. Both battle participants must
// be known (a view sets them from the arbiter's announcement first); the
// battle, defeated lists, resurrection and counters follow §5-§6.
func (p *Position) Play(m Move) Battle {
	from, to := m.From(), m.To()
	us, them := p.stm, p.stm.Other()
	a, d := p.board[from], p.board[to]
	p.stm = them
	p.key ^= zSide
	p.pkey ^= zSide
	if p.ply < maxCounter { // the counters stop where the parser's range ends
		p.ply++
	}
	marks := pieceMoved
	if distance(from, to) > 1 {
		marks |= pieceRan
	}
	if d == NoPiece {
		if p.quiet < maxCounter {
			p.quiet++
		}
		p.take(from)
		p.put(to, a|marks)
		if p.trigger[us] == int8(from) {
			p.setTrigger(us, int8(to))
		}
		return Battle{ResurrectedOn: NoSquare}
	}
	p.quiet = 0
	b := Battle{Attacker: a.Kind(), Defender: d.Kind(), Outcome: Resolve(a.Kind(), d.Kind()), ResurrectedOn: NoSquare}
	wasTrigger := p.trigger[us] == int8(from)
	switch b.Outcome {
	case AttackerWins:
		p.take(from)
		p.take(to)
		p.pushDefeated(them, d.Kind(), to)
		p.put(to, a|marks|pieceRevealed)
		if wasTrigger {
			p.setTrigger(us, int8(to))
		}
		if d.Kind() != Flag && to.Rank() == backRank(them) && a.Kind() != Scout && p.res[us] < 2 && !wasTrigger {
			p.resurrect(us, to, &b)
		}
	case DefenderWins:
		p.take(from)
		p.pushDefeated(us, a.Kind(), from)
		p.take(to)
		p.put(to, d|pieceRevealed)
	case Tie:
		p.take(from)
		p.take(to)
		p.pushDefeated(us, a.Kind(), from)
		p.pushDefeated(them, d.Kind(), to)
	}
	return b
}

// resurrect returns the side's most recently defeated movable piece to the
// first empty square of its home zone (§6), if there are both.
func (p *Position) resurrect(us Side, attackerOn Square, b *Battle) {
	idx := -1
	for i := int(p.nDefeated[us]) - 1; i >= 0; i-- {
		if p.defeated[us][i].Movable() {
			idx = i
			break
		}
	}
	if idx < 0 {
		return
	}
	target := NoSquare
	for _, s := range homeOrder[us] {
		if p.board[s] == NoPiece {
			target = s
			break
		}
	}
	if target == NoSquare {
		return // §6 decision: nothing happens and nothing is used up
	}
	wasTrigger := p.trigger[us] == deadTrigger(idx)
	k := p.removeDefeated(us, idx)
	p.put(target, MakePiece(k, us)|pieceRevealed)
	if wasTrigger {
		p.setTrigger(us, int8(target))
	}
	p.setRes(us, p.res[us]+1)
	if p.res[us] == 1 {
		p.setTrigger(us, int8(attackerOn))
	}
	b.Resurrected, b.ResurrectedOn = k, target
}

func distance(a, b Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return df + dr
}

// movableCount is the number of a side's known movable pieces on the board.
func (p *Position) movableCount(s Side) int {
	n := 0
	for k := Slayer; k <= Dragon; k++ {
		n += int(p.count[s][k])
	}
	return n
}

// MovableCount is the number of a side's known movable pieces on the board.
func (p *Position) MovableCount(s Side) int { return p.movableCount(s) }

// defeatedCount counts a kind in a side's defeated list.
func (p *Position) defeatedCount(s Side, k Kind) int {
	n := 0
	for _, d := range p.defeated[s][:p.nDefeated[s]] {
		if d == k {
			n++
		}
	}
	return n
}

// Unaccounted is how many pieces of kind k a side may still have among its
// unknown pieces: the army's number less those on the board and defeated.
func (p *Position) Unaccounted(s Side, k Kind) int {
	return Army[k] - int(p.count[s][k]) - p.defeatedCount(s, k)
}

// identityRoom reports, for a side's unknown pieces, how many movable and
// how many immovable identities are still unaccounted for.
func (p *Position) identityRoom(s Side) (movable, immovable int) {
	for k := Flag; k <= Trap; k++ {
		n := p.Unaccounted(s, k)
		if k.Movable() {
			movable += n
		} else {
			immovable += n
		}
	}
	return movable, immovable
}

// unknownMoved counts a side's unknown pieces that have moved, and those
// that ran (moved more than one square: Scouts).
func (p *Position) unknownMoved(s Side) (moved, ran int) {
	if p.count[s][Unknown] == 0 {
		return 0, 0
	}
	for _, pc := range p.board {
		if pc != NoPiece && pc.Side() == s && pc.Kind() == Unknown {
			if pc.Moved() {
				moved++
			}
			if pc.Ran() {
				ran++
			}
		}
	}
	return moved, ran
}

// flagLost reports whether a side's Flag is in its defeated list.
func (p *Position) flagLost(s Side) bool {
	for _, k := range p.defeated[s][:p.nDefeated[s]] {
		if k == Flag {
			return true
		}
	}
	return false
}

// hasMovable reports whether a side has a movable piece, and whether that
// answer is certain (it is not when it depends on unknown identities).
func (p *Position) hasMovable(s Side) (yes, certain bool) {
	if p.movableCount(s) > 0 {
		return true, true
	}
	u := int(p.count[s][Unknown])
	if u == 0 {
		return false, true
	}
	if moved, _ := p.unknownMoved(s); moved > 0 {
		return true, true
	}
	movable, immovable := p.identityRoom(s)
	switch {
	case u > immovable:
		return true, true
	case movable == 0:
		return false, true
	}
	return false, false
}

// hasLegalMove reports whether the side to move has a legal move, and
// whether that is certain.
func (p *Position) hasLegalMove() (yes, certain bool) {
	var buf [MaxMoves]Move
	moves := p.GenMoves(buf[:0])
	if p.count[p.stm][Unknown] == 0 {
		return len(moves) > 0, true
	}
	candidates, movedCandidate := 0, false
	var seen [numSquares]bool
	for _, m := range moves {
		pc := p.board[m.From()]
		if pc.Kind() != Unknown {
			return true, true
		}
		if !seen[m.From()] {
			seen[m.From()] = true
			candidates++
			movedCandidate = movedCandidate || pc.Moved()
		}
	}
	if candidates == 0 || movedCandidate {
		return movedCandidate, true
	}
	movable, immovable := p.identityRoom(p.stm)
	switch {
	case candidates > immovable:
		return true, true
	case movable == 0:
		return false, true
	}
	return false, false
}

// Result is who won.
type Result uint8

const (
	Ongoing Result = iota
	VolcandriaWins
	EverwinterWins
	Drawn
)

// PGN is the result as a PGN token (Volcandria plays the role of White).
func (r Result) PGN() string {
	return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[r]
}

func winFor(s Side) Result {
	if s == Volcandria {
		return VolcandriaWins
	}
	return EverwinterWins
}

// Reasons for the end of the game (§8).
const (
	ReasonFlag       = "flag captured"
	ReasonNoMovable  = "no movable pieces"
	ReasonNoLegal    = "no legal move"
	ReasonImmobile   = "draw: both armies immobile"
	ReasonRepetition = "draw: repetition"
	ReasonNoBattle   = "draw: no battle in 200 plies"
)

// NoBattleLimit is the number of plies without a battle that draws (§8).
const NoBattleLimit = 200

// Ending is a finished game's result and reason, or Ongoing.
type Ending struct {
	Result Result
	Reason string
}

// Ending judges the position as given (§8, §12.12): the flag, movable
// pieces, legal moves, then the no-battle limit. Repetition needs a game's
// history. In a view, an end that depends on unknown identities is not
// reported (the arbiter announces it, §12.14).
func (p *Position) Ending() Ending {
	for s := Volcandria; s <= Everwinter; s++ {
		if p.flagLost(s) {
			return Ending{winFor(s.Other()), ReasonFlag}
		}
	}
	vm, vc := p.hasMovable(Volcandria)
	em, ec := p.hasMovable(Everwinter)
	switch {
	case vc && ec && !vm && !em:
		return Ending{Drawn, ReasonImmobile}
	case vc && !vm && em:
		return Ending{winFor(Everwinter), ReasonNoMovable}
	case ec && !em && vm:
		return Ending{winFor(Volcandria), ReasonNoMovable}
	}
	// An end that hinges on unknown identities is not taken for granted:
	// without the arbiter's announcement the game goes on.
	if legal, certain := p.hasLegalMove(); certain && !legal {
		return Ending{winFor(p.stm.Other()), ReasonNoLegal}
	}
	if p.quiet >= NoBattleLimit {
		return Ending{Drawn, ReasonNoBattle}
	}
	return Ending{}
}
