package chameleon

import (
	"fmt"
	"strconv"
	"strings"

	"tempest/internal/quote"
	"tempest/movegen"
)

// PositionError reports a position string that cannot be used; Field names
// the part that is wrong.
type PositionError struct {
	Field, Problem string
}

func (e *PositionError) Error() string { return e.Field + ": " + e.Problem }

func posErr(field, format string, args ...any) error {
	return &PositionError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// maxPly bounds the ply field; Make stops the counter there, so every
// position string a game writes reads back.
const maxPly = 1 << 30

// ParsePosition reads the position string of §8:
//
//	<bounds> <pawns> <to-move> <quiet-plies> <ply>
//
// e.g. "a1h8 a8bb,e8yg,...,h1gg r 0 0". Pawns may come in any order; an
// empty list is "-". Everything that cannot describe a position is an error
// naming the field and the problem; the function never panics.
func ParsePosition(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) != 5 {
		return nil, posErr("position", "has %d fields, want 5: <bounds> <pawns> <to-move> <quiet-plies> <ply>", len(f))
	}
	p := &Position{}
	b, err := parseBounds(f[0])
	if err != nil {
		return nil, err
	}
	p.bounds, p.inside = b, b.Mask()
	if err := p.parsePawns(f[1]); err != nil {
		return nil, err
	}
	c, ok := ColorFromLetter(f[2][0])
	if len(f[2]) != 1 || !ok {
		return nil, posErr("to-move", "%q is not r, g, y or b", quote.Truncate(f[2], 10))
	}
	p.toMove = c
	if p.quiet, err = parseCounter(f[3], "quiet-plies", QuietLimit); err != nil {
		return nil, err
	}
	if p.ply, err = parseCounter(f[4], "ply", maxPly); err != nil {
		return nil, err
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.key = p.computeKey()
	return p, nil
}

func parseCounter(s, field string, limit int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > limit {
		return 0, posErr(field, "%q is not a number from 0 to %d", quote.Truncate(s, 12), limit)
	}
	return n, nil
}

func parseBounds(s string) (Bounds, error) {
	if len(s) != 4 {
		return Bounds{}, posErr("bounds", "%q is not two corners such as a1h8", quote.Truncate(s, 12))
	}
	lo, ok1 := movegen.ParseSquare(s[:2])
	hi, ok2 := movegen.ParseSquare(s[2:])
	if !ok1 || !ok2 {
		return Bounds{}, posErr("bounds", "%q is not two corners such as a1h8", s)
	}
	b := Bounds{int8(lo.File()), int8(lo.Rank()), int8(hi.File()), int8(hi.Rank())}
	if b.FileHi < b.FileLo || b.RankHi < b.RankLo {
		return Bounds{}, posErr("bounds", "%q: the first corner must be the lower left, the second the upper right", s)
	}
	if b.Files() < 3 || b.Ranks() < 3 {
		return Bounds{}, posErr("bounds", "%s is %dx%d; the bounds are never smaller than 3x3", s, b.Files(), b.Ranks())
	}
	return b, nil
}

func (p *Position) parsePawns(s string) error {
	if s == "-" {
		return nil
	}
	var seen uint16 // pawns by index
	for _, entry := range strings.Split(s, ",") {
		if len(entry) != 4 {
			return posErr("pawns", "%q is not <square><owner><knight colour> such as a1rg", quote.Truncate(entry, 12))
		}
		sq, ok := movegen.ParseSquare(entry[:2])
		if !ok {
			return posErr("pawns", "%q: %q is not a square", entry, entry[:2])
		}
		owner, ok1 := ColorFromLetter(entry[2])
		knight, ok2 := ColorFromLetter(entry[3])
		if !ok1 || !ok2 {
			return posErr("pawns", "%q: %q is not a pawn name (owner and knight colour, each r, g, y or b)", entry, entry[2:])
		}
		pc := MakePawn(owner, knight)
		switch {
		case p.board[sq] != NoPawn:
			return posErr("pawns", "%s holds two pawns (%s and %s)", sq, p.board[sq], pc)
		case seen>>pc.index()&1 != 0:
			return posErr("pawns", "pawn %s appears twice", pc)
		case !p.bounds.Contains(sq):
			return posErr("pawns", "%s%s stands outside the bounds %s", sq, pc, p.bounds)
		}
		seen |= 1 << pc.index()
		p.put(pc, sq)
	}
	return nil
}

// validate checks what the fields cannot check alone: the player to move
// has pawns, and the bounds fit the pawns (§8, clarification 8).
func (p *Position) validate() error {
	if p.occupied == 0 {
		return posErr("pawns", "there are no pawns")
	}
	if p.byOwner[p.toMove] == 0 {
		return posErr("to-move", "%s is to move but has no pawns", p.toMove.Name())
	}
	files, ranks := occupiedLines(p.occupied)
	fLo, fHi := span(files)
	rLo, rHi := span(ranks)
	if err := checkSpan("files", p.bounds.FileLo, p.bounds.FileHi, fLo, fHi, fileName); err != nil {
		return err
	}
	return checkSpan("ranks", p.bounds.RankLo, p.bounds.RankHi, rLo, rHi, rankName)
}

func fileName(i int8) string { return string(rune('a' + i)) }
func rankName(i int8) string { return string(rune('1' + i)) }

// checkSpan: in one dimension the bounds equal the pawns' span or, when the
// span is under 3 lines, are 3 lines long (then any window is accepted).
func checkSpan(dim string, lo, hi, pLo, pHi int8, name func(int8) string) error {
	lines := func(a, b int8) string {
		if a == b {
			return dim[:len(dim)-1] + " " + name(a)
		}
		return dim + " " + name(a) + "-" + name(b)
	}
	if pHi-pLo+1 >= 3 {
		if lo != pLo || hi != pHi {
			return posErr("bounds", "the pawns span %s, so the bounds must too (they span %s)", lines(pLo, pHi), lines(lo, hi))
		}
		return nil
	}
	if hi-lo+1 != 3 {
		return posErr("bounds", "the pawns span only %s, so the bounds must be 3 %s wide around them (they span %s)",
			lines(pLo, pHi), dim, lines(lo, hi))
	}
	return nil
}

// String writes the position string with the pawns in canonical order:
// rank 8 to rank 1, file a to h.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteString(p.bounds.String())
	b.WriteByte(' ')
	n := 0
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			s := movegen.MakeSquare(file, rank)
			if pc := p.board[s]; pc != NoPawn {
				if n > 0 {
					b.WriteByte(',')
				}
				b.WriteString(s.String())
				b.WriteString(pc.String())
				n++
			}
		}
	}
	if n == 0 {
		b.WriteByte('-')
	}
	fmt.Fprintf(&b, " %c %d %d", p.toMove.Letter(), p.quiet, p.ply)
	return b.String()
}

// MoveError reports a move token that is malformed or illegal.
type MoveError struct {
	Token, Problem string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %q: %s", quote.Truncate(e.Token, 20), e.Problem)
}

// ParseMove reads a move token (<from><to>, or "0000" for the forced pass)
// and checks that it is legal for the player to move. The error says what is
// wrong: not a token, no pawn, someone else's pawn, or the role's rule.
func (p *Position) ParseMove(token string) (Move, error) {
	bad := func(format string, args ...any) (Move, error) {
		return NoMove, &MoveError{Token: token, Problem: fmt.Sprintf(format, args...)}
	}
	if out := p.Outcome(); out.Reason != "" {
		return bad("the game is over (%s)", out.Reason)
	}
	mover := p.toMove.Name()
	if token == "0000" {
		if p.CanMove(p.toMove) {
			return bad("%s has legal moves; passing is only allowed without one", mover)
		}
		return PassMove, nil
	}
	if len(token) != 4 {
		return bad("not a move: want <from><to> such as a1b3, or 0000")
	}
	from, ok1 := movegen.ParseSquare(token[:2])
	to, ok2 := movegen.ParseSquare(token[2:])
	if !ok1 || !ok2 {
		return bad("not a move: want <from><to> such as a1b3, or 0000")
	}
	if !p.CanMove(p.toMove) {
		return bad("%s has no legal move and must pass (0000)", mover)
	}
	pc := p.board[from]
	switch {
	case !p.bounds.Contains(from):
		return bad("%s is outside the bounds %s", from, p.bounds)
	case pc == NoPawn:
		return bad("no pawn on %s", from)
	case pc.Owner() != p.toMove:
		return bad("%s on %s belongs to %s, but %s is to move", pc, from, pc.Owner().Name(), mover)
	case !p.bounds.Contains(to):
		return bad("%s is outside the bounds %s", to, p.bounds)
	case p.board[to] != NoPawn && p.board[to].Owner() == p.toMove:
		return bad("%s holds %s's own pawn %s", to, mover, p.board[to])
	case !p.Targets(from).Has(to):
		return bad("%s on %s is a %s there (on a %s field) and cannot reach %s", pc, from,
			p.RoleAt(from), FieldColor(from).Name(), to)
	}
	return MakeMove(from, to), nil
}
