package chameleon

import (
	"math/bits"
	"math/rand/v2"

	"tempest/internal/quote"
	"tempest/movegen"
)

// Move, 16 bits: 0-5 from, 6-11 to, bit 12 the forced pass ("0000"). The
// zero value is no move (a1a1 can never be legal).
type Move uint16

const (
	NoMove   Move = 0
	PassMove Move = 1 << 12
)

// MakeMove returns the move from -> to.
func MakeMove(from, to Square) Move { return Move(from&63) | Move(to&63)<<6 }

func (m Move) From() Square { return Square(m & 63) }
func (m Move) To() Square   { return Square(m >> 6 & 63) }

// String is the move's token: <from><to>, "0000" for the pass.
func (m Move) String() string {
	switch m {
	case PassMove:
		return "0000"
	case NoMove:
		return "(none)"
	}
	return m.From().String() + m.To().String()
}

// MaxMoves bounds the moves of one player: four queens see at most 27
// squares each.
const MaxMoves = 4 * 27

// QuietLimit is the no-progress rule: the game is drawn when this many
// plies pass without a capture, a centre removal or a change of bounds.
const QuietLimit = 100

// Position is a Chameleon Chess position. It is a plain struct of fixed
// arrays, so copying it is a copy-make.
type Position struct {
	board    [64]Pawn
	byOwner  [4]Bitboard
	occupied Bitboard
	inside   Bitboard // the squares within bounds
	bounds   Bounds
	toMove   Color
	quiet    int // plies without progress (§6 (b))
	ply      int // plies played, stopping at maxPly
	key      uint64
}

// Effects are what a move did besides moving its pawn; the search ignores
// them, the Game reports them.
type Effects struct {
	Captured      Pawn   // the pawn taken on the destination, or NoPawn
	Removed       Pawn   // the pawn removed from the 3x3 centre, or NoPawn
	RemovedOn     Square // where it stood
	Eliminated    uint8  // bit c set for each colour c that lost its last pawn
	BoundsChanged bool
}

// Zobrist keys: one per pawn and square, per bounds edge value and per
// player to move. The quiet and ply counters are not part of the key: the
// repetition rule compares pawns, bounds and the player to move.
var (
	pawnKeys   [16][64]uint64
	boundsKeys [4][8]uint64
	moverKeys  [4]uint64
)

func init() {
	rng := rand.New(rand.NewPCG(0xC4A3E1E0, 0x5EED))
	for i := range pawnKeys {
		for s := range pawnKeys[i] {
			pawnKeys[i][s] = rng.Uint64()
		}
	}
	for i := range boundsKeys {
		for v := range boundsKeys[i] {
			boundsKeys[i][v] = rng.Uint64()
		}
	}
	for i := range moverKeys {
		moverKeys[i] = rng.Uint64()
	}
}

func boundsKey(b Bounds) uint64 {
	return boundsKeys[0][b.FileLo&7] ^ boundsKeys[1][b.RankLo&7] ^ boundsKeys[2][b.FileHi&7] ^ boundsKeys[3][b.RankHi&7]
}

// Accessors.
func (p *Position) At(s Square) Pawn              { return p.board[s&63] }
func (p *Position) Pawns(c Color) Bitboard        { return p.byOwner[c&3] }
func (p *Position) Occupied() Bitboard            { return p.occupied }
func (p *Position) Bounds() Bounds                { return p.bounds }
func (p *Position) Inside() Bitboard              { return p.inside }
func (p *Position) ToMove() Color                 { return p.toMove }
func (p *Position) QuietPlies() int               { return p.quiet }
func (p *Position) Ply() int                      { return p.ply }
func (p *Position) Key() uint64                   { return p.key }
func (p *Position) Has(c Color) bool              { return p.byOwner[c&3] != 0 }
func (p *Position) PawnCount(c Color) int         { return p.byOwner[c&3].Count() }
func (p *Position) RoleAt(s Square) Role          { return roleOn[p.board[s&63].Knight()][s&63] }
func (p *Position) roleOf(pc Pawn, s Square) Role { return roleOn[pc.Knight()][s] }

// Alive is the set of colours that still have pawns, bit c for colour c.
func (p *Position) Alive() uint8 {
	var a uint8
	for c := Red; c <= Blue; c++ {
		if p.byOwner[c] != 0 {
			a |= 1 << c
		}
	}
	return a
}

// Players is the number of colours that still have pawns.
func (p *Position) Players() int { return bits.OnesCount8(p.Alive()) }

func (p *Position) put(pc Pawn, s Square) {
	p.board[s] = pc
	p.byOwner[pc.Owner()] |= s.Bit()
	p.occupied |= s.Bit()
	p.key ^= pawnKeys[pc.index()][s]
}

func (p *Position) remove(s Square) Pawn {
	pc := p.board[s]
	p.board[s] = NoPawn
	p.byOwner[pc.Owner()] &^= s.Bit()
	p.occupied &^= s.Bit()
	p.key ^= pawnKeys[pc.index()][s]
	return pc
}

func (p *Position) setBounds(b Bounds) {
	p.key ^= boundsKey(p.bounds) ^ boundsKey(b)
	p.bounds = b
	p.inside = b.Mask()
}

// SetToMove hands the turn to c.
func (p *Position) SetToMove(c Color) {
	p.key ^= moverKeys[p.toMove] ^ moverKeys[c&3]
	p.toMove = c & 3
}

// nextAfter is the first colour after c in the turn cycle that still has
// pawns; c itself if it is the only one, NoColor if nobody has pawns.
func (p *Position) nextAfter(c Color) Color {
	for i, n := 0, c.Next(); i < 4; i, n = i+1, n.Next() {
		if p.byOwner[n] != 0 {
			return n
		}
	}
	return NoColor
}

// Make plays m, which must be legal (generated, or checked by ParseMove),
// and applies §5: capture, shrink, centre-knight removal, eliminations and
// the next player. The mover is the owner of the pawn on the origin square.
func (p *Position) Make(m Move) Effects {
	var fx Effects
	if p.ply < maxPly { // the counter stops where the parser's range ends
		p.ply++
	}
	if m == PassMove {
		p.quiet++
		p.SetToMove(p.nextAfter(p.toMove))
		return fx
	}
	aliveBefore := p.Alive()
	from, to := m.From(), m.To()
	pc := p.remove(from)
	mover := pc.Owner()
	if p.board[to] != NoPawn {
		fx.Captured = p.remove(to)
	}
	p.put(pc, to)
	// Step 2: shrink. Only the lines the pawn left can have emptied (a
	// capture never empties a line); while both keep a pawn the bounds stay:
	// the span can only have grown inside them, and a span under 3 lines has
	// exactly one window, the current one.
	if p.occupied&movegen.FileMask(from.File()) == 0 || p.occupied&movegen.RankMask(from.Rank()) == 0 {
		if nb := Shrink(p.bounds, p.occupied); nb != p.bounds {
			p.setBounds(nb)
			fx.BoundsChanged = true
		}
	}
	// Step 3: a knight on the centre of the final 3x3 can never move again;
	// it is removed unless its owner is the last player left.
	if p.bounds.Minimal() {
		c := p.bounds.Centre()
		if x := p.board[c]; x != NoPawn && p.roleOf(x, c) == Knight && bits.OnesCount8(p.Alive()) >= 2 {
			fx.Removed, fx.RemovedOn = p.remove(c), c
		}
	}
	// Steps 4 and 5: eliminations, then the next player with pawns.
	fx.Eliminated = aliveBefore &^ p.Alive()
	if fx.Captured != NoPawn || fx.Removed != NoPawn || fx.BoundsChanged {
		p.quiet = 0
	} else {
		p.quiet++
	}
	p.SetToMove(p.nextAfter(mover))
	return fx
}

// Targets are the squares the pawn on s may move to: its role's moves inside
// the bounds, stopping at the first pawn, never onto an own pawn.
func (p *Position) Targets(s Square) Bitboard {
	pc := p.board[s&63]
	if pc == NoPawn {
		return 0
	}
	return p.attacks(pc, s) &^ p.byOwner[pc.Owner()]
}

// attacks are the squares the pawn pc on s reaches or strikes (own pawns
// included, as defended squares). Squares outside the bounds count as
// occupied for the sliders, so a line stops at the edge; the mask then
// drops the outside square itself.
func (p *Position) attacks(pc Pawn, s Square) Bitboard {
	blockers := p.occupied | ^p.inside
	switch roleOn[pc.Knight()][s] {
	case Knight:
		return movegen.KnightAttacks(s) & p.inside
	case Bishop:
		return movegen.BishopAttacks(s, blockers) & p.inside
	case Rook:
		return movegen.RookAttacks(s, blockers) & p.inside
	default:
		return movegen.QueenAttacks(s, blockers) & p.inside
	}
}

// Attacks are the squares pc standing on s reaches or strikes, own pawns
// included (for evaluations: defended squares).
func (p *Position) Attacks(pc Pawn, s Square) Bitboard { return p.attacks(pc, s&63) }

// GenMoves appends the moves of the player to move to buf (which should
// have room for MaxMoves) and returns it. The forced pass is not included:
// it is the only move when this returns none and the game is not over.
func (p *Position) GenMoves(buf []Move) []Move { return p.genFor(p.toMove, buf, false) }

// GenCaptures appends only the captures of the player to move.
func (p *Position) GenCaptures(buf []Move) []Move { return p.genFor(p.toMove, buf, true) }

// GenMovesFor appends the moves of player c, whoever is to move.
func (p *Position) GenMovesFor(c Color, buf []Move) []Move { return p.genFor(c, buf, false) }

func (p *Position) genFor(c Color, buf []Move, capturesOnly bool) []Move {
	c &= 3
	own := p.byOwner[c]
	mask := ^own
	if capturesOnly {
		mask = p.occupied &^ own
	}
	for pawns := own; pawns != 0; {
		from := pawns.PopLSB()
		for t := p.attacks(p.board[from], from) & mask; t != 0; {
			buf = append(buf, MakeMove(from, t.PopLSB()))
		}
	}
	return buf
}

// CanMove reports whether player c has at least one move.
func (p *Position) CanMove(c Color) bool {
	own := p.byOwner[c&3]
	for pawns := own; pawns != 0; {
		from := pawns.PopLSB()
		if p.attacks(p.board[from], from)&^own != 0 {
			return true
		}
	}
	return false
}

// AllStuck reports whether every player with pawns has no move: the game is
// drawn (§6, clarification 3).
func (p *Position) AllStuck() bool {
	for c := Red; c <= Blue; c++ {
		if p.byOwner[c] != 0 && p.CanMove(c) {
			return false
		}
	}
	return true
}

// Legal reports whether m is a legal move of the player to move.
func (p *Position) Legal(m Move) bool {
	if m == PassMove {
		return !p.CanMove(p.toMove) && p.Outcome().Reason == ""
	}
	if m&^0xFFF != 0 {
		return false
	}
	pc := p.board[m.From()]
	return pc != NoPawn && pc.Owner() == p.toMove && p.Targets(m.From()).Has(m.To())
}

// Result reasons (§6).
const (
	ReasonLastStanding = "last player standing"
	ReasonRepetition   = "draw: repetition"
	ReasonNoProgress   = "draw: no progress"
	ReasonAllStuck     = "draw: all players stuck"
)

// Outcome is the end of a game: the winner, or NoColor for a draw shared by
// the players who still have pawns. Reason is "" while the game goes on.
type Outcome struct {
	Winner Color
	Reason string
}

// Outcome judges the position alone: last player standing, the no-progress
// rule, every player stuck. Repetition needs a game's history (Game.Status).
func (p *Position) Outcome() Outcome {
	switch {
	case p.Players() <= 1:
		return Outcome{Winner: p.toMove, Reason: ReasonLastStanding}
	case p.quiet >= QuietLimit:
		return Outcome{Winner: NoColor, Reason: ReasonNoProgress}
	case !p.CanMove(p.toMove) && p.AllStuck():
		return Outcome{Winner: NoColor, Reason: ReasonAllStuck}
	}
	return Outcome{Winner: NoColor}
}

// Over reports whether the position alone ends the game.
func (p *Position) Over() bool { return p.Outcome().Reason != "" }

// computeKey recomputes the Zobrist key from scratch.
func (p *Position) computeKey() uint64 {
	k := boundsKey(p.bounds) ^ moverKeys[p.toMove&3]
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPawn {
			k ^= pawnKeys[pc.index()][s]
		}
	}
	return k
}

// startSquares are the squares of each player's pawns at the start (§2.2),
// indexed by owner then knight colour.
var startSquares = [4][4]string{
	Red:    {Red: "a1", Green: "b1", Yellow: "c1", Blue: "d1"},
	Green:  {Red: "h4", Green: "h1", Yellow: "h2", Blue: "h3"},
	Yellow: {Red: "f8", Green: "e8", Yellow: "h8", Blue: "g8"},
	Blue:   {Red: "a7", Green: "a6", Yellow: "a5", Blue: "a8"},
}

// StartPosition returns the start for the players in the set (bit c for
// colour c; at least two). The bounds are computed from the pawns as after
// a move (§2.3), and the first player of the cycle moves first.
func StartPosition(players uint8) (*Position, error) {
	players &= 15
	if bits.OnesCount8(players) < 2 {
		return nil, &PositionError{Field: "players", Problem: "a game needs at least two players"}
	}
	p := &Position{bounds: FullBoard}
	for c := Red; c <= Blue; c++ {
		if players>>c&1 == 0 {
			continue
		}
		for k := Red; k <= Blue; k++ {
			s, _ := movegen.ParseSquare(startSquares[c][k])
			p.put(MakePawn(c, k), s)
		}
	}
	p.bounds = Shrink(FullBoard, p.occupied)
	p.inside = p.bounds.Mask()
	p.toMove = p.nextAfter(Green) // the cycle starts with red: the colour after green
	p.key = p.computeKey()
	return p, nil
}

// ParsePlayers reads a set of colours such as "rgyb" or "ry" (2 to 4
// distinct letters, any order).
func ParsePlayers(s string) (uint8, error) {
	var set uint8
	if len(s) < 2 || len(s) > 4 {
		return 0, &PositionError{Field: "players", Problem: "\"" + quote.Truncate(s, 10) + "\" is not 2 to 4 of the letters r, g, y, b"}
	}
	for i := 0; i < len(s); i++ {
		c, ok := ColorFromLetter(s[i])
		if !ok {
			return 0, &PositionError{Field: "players", Problem: "\"" + string(s[i]) + "\" is not a colour (r, g, y, b)"}
		}
		if set>>c&1 != 0 {
			return 0, &PositionError{Field: "players", Problem: c.Name() + " is named twice"}
		}
		set |= 1 << c
	}
	return set, nil
}
