package stratego

import (
	"fmt"
	"strconv"
	"strings"

	"tempest/internal/quote"
)

// StartPosition is the default arrangement of §3.1 (what startpos means).
const StartPosition = "dmkkrrrsse/ewwwwwcccc/xttttttfyy/10/10/DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL v 00 -,- - 0 0"

// PositionError reports a position string that cannot be used; Field names
// the part that is wrong.
type PositionError struct {
	Field, Problem string
}

func (e *PositionError) Error() string { return e.Field + ": " + e.Problem }

func posErr(field, format string, args ...any) error {
	return &PositionError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// maxCounter bounds the ply counters read from a string; Play stops them
// there, so every position string a game writes reads back.
const maxCounter = 1 << 24

// ParsePosition reads a position string (§10, §12):
//
//	<placement> <to-move> <resurrections> <trigger> <defeated> <quiet-plies> <ply>
//
// with full knowledge or as one player's view (unknown enemy pieces U/u).
// Anything that cannot arise in play is an error naming the problem.
func ParsePosition(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) != 7 {
		return nil, posErr("position", "has %d fields, want 7 (placement, to-move, resurrections, trigger, defeated, quiet plies, ply)", len(f))
	}
	p := &Position{trigger: [2]int8{noTrigger, noTrigger}}
	if err := p.parsePlacement(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "v":
		p.stm = Volcandria
	case "e":
		p.stm = Everwinter
	default:
		return nil, posErr("to-move", "%q is not \"v\" (Volcandria) or \"e\" (Everwinter)", quote.Truncate(f[1], 20))
	}
	if len(f[2]) != 2 || f[2][0] < '0' || f[2][0] > '2' || f[2][1] < '0' || f[2][1] > '2' {
		return nil, posErr("resurrections", "%q is not two digits 0-2 (Volcandria's, then Everwinter's), e.g. 00", quote.Truncate(f[2], 20))
	}
	p.res = [2]uint8{f[2][0] - '0', f[2][1] - '0'}
	if err := p.parseDefeated(f[4]); err != nil {
		return nil, err
	}
	if err := p.parseTrigger(f[3]); err != nil {
		return nil, err
	}
	var err error
	quiet, err := strconv.Atoi(f[5])
	if err != nil || quiet < 0 || quiet > maxCounter {
		return nil, posErr("quiet plies", "%q is not a number from 0 to %d", quote.Truncate(f[5], 20), maxCounter)
	}
	ply, err := strconv.Atoi(f[6])
	if err != nil || ply < 0 || ply > maxCounter {
		return nil, posErr("ply", "%q is not a number from 0 to %d", quote.Truncate(f[6], 20), maxCounter)
	}
	if quiet > ply {
		return nil, posErr("quiet plies", "%d plies without a battle, but only %d plies were played", quiet, ply)
	}
	p.quiet, p.ply = int32(quiet), int32(ply)
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.rebuild()
	return p, nil
}

func (p *Position) parsePlacement(field string) error {
	rows := strings.Split(field, "/")
	if len(rows) != ranks {
		return posErr("placement", "%d ranks, want 8 (rank 8 first, separated by /)", len(rows))
	}
	for i, text := range rows {
		rank, file := ranks-1-i, 0
		for j := 0; j < len(text); {
			c := text[j]
			if c >= '0' && c <= '9' {
				k := j
				for k < len(text) && text[k] >= '0' && text[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(text[j:min(k, j+3)])
				if n < 1 || n > files || k-j > 2 {
					return posErr("placement", "rank %d (%q): %q is not an empty-square count from 1 to 10", rank+1, quote.Truncate(text, 40), quote.Truncate(text[j:k], 10))
				}
				file += n
				j = k
				continue
			}
			k, side, ok := kindOfLetter(c)
			if !ok {
				return posErr("placement", "rank %d (%q): %q is not a piece letter (DMKRSLEWCXTFU for Volcandria, dmkrsyewcxtfu for Everwinter)", rank+1, quote.Truncate(text, 40), c)
			}
			pc := MakePiece(k, side)
			j++
			for j < len(text) && (text[j] == '!' || text[j] == '\'') {
				mark := pieceRevealed
				if text[j] == '\'' {
					mark = pieceMoved
				}
				if pc&mark != 0 {
					return posErr("placement", "rank %d (%q): the mark %q is repeated", rank+1, quote.Truncate(text, 40), text[j])
				}
				pc |= mark
				j++
			}
			if file >= files {
				return posErr("placement", "rank %d (%q) covers more than 10 squares", rank+1, quote.Truncate(text, 40))
			}
			sq := MakeSquare(file, rank)
			name := k.Name(side)
			switch {
			case lake[sq]:
				return posErr("placement", "a %s %s stands on the lake %s", side, name, sq)
			case k == Unknown && pc.Revealed():
				return posErr("placement", "the unknown piece on %s is marked revealed (!): a revealed piece is written with its letter", sq)
			case (k == Trap || k == Flag) && pc.Moved():
				return posErr("placement", "the %s %s on %s is marked as moved ('), but it cannot move", side, name, sq)
			}
			p.board[sq] = pc
			file++
		}
		if file != files {
			return posErr("placement", "rank %d (%q) covers %d squares, want 10", rank+1, quote.Truncate(text, 40), file)
		}
	}
	return nil
}

func (p *Position) parseDefeated(field string) error {
	if field == "-" {
		return nil
	}
	parts := strings.Split(field, ",")
	if len(parts) > 2 {
		return posErr("defeated", "%q has more than two lists (want V:<letters>,E:<letters> or -)", quote.Truncate(field, 40))
	}
	next := Volcandria
	for _, part := range parts {
		label, letters, ok := strings.Cut(part, ":")
		var side Side
		switch {
		case ok && label == "V":
			side = Volcandria
		case ok && label == "E":
			side = Everwinter
		default:
			return posErr("defeated", "%q is not V:<letters> or E:<letters>", quote.Truncate(part, 40))
		}
		if side < next {
			return posErr("defeated", "%q: Volcandria's list comes first, each list once", quote.Truncate(field, 40))
		}
		next = side + 1
		if letters == "" {
			return posErr("defeated", "%s's list is empty: leave an empty list out (or write - when both are)", side)
		}
		if len(letters) > ArmySize {
			return posErr("defeated", "%s's list has %d pieces, more than the 30 of an army", side, len(letters))
		}
		for i := 0; i < len(letters); i++ {
			k, s, ok := kindOfLetter(letters[i])
			switch {
			case !ok || k == Unknown:
				return posErr("defeated", "%q in %s's list is not a piece letter", letters[i], side)
			case s != side:
				return posErr("defeated", "%q in %s's list is a %s piece", letters[i], side, s)
			}
			p.defeated[side][i] = k
		}
		p.nDefeated[side] = uint8(len(letters))
	}
	return nil
}

func (p *Position) parseTrigger(field string) error {
	parts := strings.Split(field, ",")
	if len(parts) != 2 {
		return posErr("trigger", "%q is not two fields <Volcandria>,<Everwinter> (each -, a square or @index), e.g. -,-", quote.Truncate(field, 40))
	}
	for side := Volcandria; side <= Everwinter; side++ {
		text := parts[side]
		used := p.res[side] > 0
		switch {
		case text == "-":
			if used {
				return posErr("trigger", "%s has used %d resurrection(s), so its trigger piece must be named", side, p.res[side])
			}
			continue
		case !used:
			return posErr("trigger", "%s names a trigger piece %q but has used no resurrection", side, quote.Truncate(text, 10))
		}
		if strings.HasPrefix(text, "@") {
			i, err := strconv.Atoi(text[1:])
			if err != nil || strings.Trim(text[1:], "0123456789") != "" || i >= int(p.nDefeated[side]) {
				return posErr("trigger", "%s's %q is not an index into its defeated list of %d pieces (from @0)", side, quote.Truncate(text, 10), p.nDefeated[side])
			}
			if k := p.defeated[side][i]; !k.Movable() || k == Scout {
				return posErr("trigger", "%s's trigger @%d is a %s, but a trigger is a movable piece other than a Scout", side, i, k.Name(side))
			}
			p.trigger[side] = deadTrigger(i)
			continue
		}
		sq, ok := ParseSquare(text)
		if !ok {
			return posErr("trigger", "%s's %q is not -, a square or @index", side, quote.Truncate(text, 10))
		}
		pc := p.board[sq]
		switch {
		case pc == NoPiece || pc.Side() != side:
			return posErr("trigger", "%s's trigger square %s holds no %s piece", side, sq, side)
		case !pc.Kind().Movable() || pc.Kind() == Scout:
			return posErr("trigger", "%s's trigger on %s is a %s, but a trigger is a known movable piece other than a Scout", side, sq, pc.Kind().Name(side))
		}
		// A trigger won the battle that made it one, so it is revealed
		// (§7) even where a string leaves out the mark (§12.1): a view
		// must show it.
		p.board[sq] = pc | pieceRevealed
		p.trigger[side] = int8(sq)
	}
	return nil
}

// validate checks the piece counts (§10, §12.5).
func (p *Position) validate() error {
	var count [2][numKinds]int
	for _, pc := range p.board {
		if pc != NoPiece {
			count[pc.Side()][pc.Kind()]++
		}
	}
	for s := Volcandria; s <= Everwinter; s++ {
		total := count[s][Unknown]
		for _, k := range p.defeated[s][:p.nDefeated[s]] {
			count[s][k]++
		}
		for k := Flag; k <= Trap; k++ {
			total += count[s][k]
			if count[s][k] > Army[k] {
				return posErr("pieces", "%s has %d %s(s) on the board and in its defeated list, but an army has %d", s, count[s][k], k.Name(s), Army[k])
			}
		}
		if total > ArmySize {
			return posErr("pieces", "%s has %d pieces on the board and in its defeated list, more than 30", s, total)
		}
	}
	if count[0][Unknown] > 0 && count[1][Unknown] > 0 {
		return posErr("pieces", "both sides have unknown pieces, but a view hides only the opponent's")
	}
	if p.flagLostBoth() {
		return posErr("defeated", "both Flags are in the defeated lists")
	}
	for s := Volcandria; s <= Everwinter; s++ {
		moved, movedUnknown := 0, 0
		for _, pc := range p.board {
			if pc != NoPiece && pc.Side() == s && pc.Kind() == Unknown && pc.Moved() {
				movedUnknown++
			}
		}
		for k := Slayer; k <= Dragon; k++ {
			moved += Army[k] - count[s][k]
		}
		if movedUnknown > moved {
			return posErr("pieces", "%s has %d unknown pieces that moved but only %d movable pieces unaccounted for", s, movedUnknown, moved)
		}
	}
	return nil
}

func (p *Position) flagLostBoth() bool {
	n := 0
	for s := Volcandria; s <= Everwinter; s++ {
		for _, k := range p.defeated[s][:p.nDefeated[s]] {
			if k == Flag {
				n++
			}
		}
	}
	return n > 1
}

// rebuild recomputes the counts and the key from the fields.
func (p *Position) rebuild() {
	p.count = [2][numKinds]uint8{}
	p.key, p.pkey = 0, 0
	for s := Square(0); s < numSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			p.count[pc.Side()][pc.Kind()]++
			p.key ^= zPiece[pc.plain()&31][s]
			p.pkey ^= zPiece[publicIndex(pc)][s]
		}
	}
	if p.stm == Everwinter {
		p.key ^= zSide
		p.pkey ^= zSide
	}
	for s := Volcandria; s <= Everwinter; s++ {
		p.key ^= zTrigger[s][triggerKeyIndex(p.trigger[s])] ^ zRes[s][p.res[s]]
		for i, k := range p.defeated[s][:p.nDefeated[s]] {
			p.key ^= zDefeated[s][i][k]
		}
	}
}

// String writes the position (§10 with the marks of §12.1).
func (p *Position) String() string {
	var b strings.Builder
	b.Grow(120)
	for r := ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < files; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %s %d%d ", p.stm.Letter(), p.res[0], p.res[1])
	for s := Volcandria; s <= Everwinter; s++ {
		t := p.trigger[s]
		switch {
		case t == noTrigger:
			b.WriteByte('-')
		case triggerDead(t):
			fmt.Fprintf(&b, "@%d", triggerIndex(t))
		default:
			b.WriteString(Square(t).String())
		}
		if s == Volcandria {
			b.WriteByte(',')
		}
	}
	b.WriteByte(' ')
	var lists []string
	for s := Volcandria; s <= Everwinter; s++ {
		if n := p.nDefeated[s]; n > 0 {
			letters := make([]byte, n)
			for i, k := range p.defeated[s][:n] {
				letters[i] = k.Letter(s)
			}
			lists = append(lists, strings.ToUpper(s.Letter())+":"+string(letters))
		}
	}
	if len(lists) == 0 {
		b.WriteByte('-')
	} else {
		b.WriteString(strings.Join(lists, ","))
	}
	fmt.Fprintf(&b, " %d %d", p.quiet, p.ply)
	return b.String()
}

// View is the position as side s sees it (§7, §12.6): own pieces and
// revealed enemy pieces keep their identities and marks, the others become
// unknown pieces with their marks. Defeated lists, triggers and counters
// are public.
func (p *Position) View(s Side) Position {
	v := *p
	for sq, pc := range v.board {
		if pc != NoPiece && pc.Side() != s && !pc.Revealed() {
			v.board[sq] = pc.withKind(Unknown)
		}
	}
	v.rebuild()
	return v
}

// Viewer is the side whose view the position is: the side without unknown
// pieces when the other has some; ok is false with full knowledge.
func (p *Position) Viewer() (s Side, ok bool) {
	switch {
	case p.count[Everwinter][Unknown] > 0:
		return Volcandria, true
	case p.count[Volcandria][Unknown] > 0:
		return Everwinter, true
	}
	return 0, false
}
