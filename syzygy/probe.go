package syzygy

import (
	"fmt"
	"runtime/debug"

	"tempest/internal/files"
	"tempest/movegen"
)

// line is the moves a probe has made on the caller's position, with what
// undoes them. A probe cut short by a fault (a table file cut short while
// mapped, see guard) takes them back, so the caller's position stays as it
// was; the undo records live here, not in the probe's frames, for that.
type line struct {
	pos   *movegen.Position
	n     int
	moves [maxLine]movegen.Move
	undo  [maxLine]movegen.Undo
}

// maxLine bounds the moves a probe has on the board at once: the root
// move, two DTZ look-ahead moves, a pawn move, en passant and the captures
// down to two kings (at most five, en passant included) need at most nine.
const maxLine = 16

func (l *line) make(m movegen.Move) {
	l.moves[l.n] = m
	l.pos.Make(m, &l.undo[l.n])
	l.n++
}

func (l *line) unmake() {
	l.n--
	l.pos.Unmake(l.moves[l.n], &l.undo[l.n])
}

// guard ends every probe. It restores the goroutine's fault mode and, when
// reading a table's mapped bytes faulted because its file was cut short
// under the engine (the kernel's SIGBUS, a panic under
// debug.SetPanicOnFault), takes the probe's moves back, marks that table
// unusable and fails the probe instead of the engine. A check of the size
// before each read could not close the race with a truncation, and reading
// tables instead of mapping them would cost their size in memory. Any
// other panic goes on.
func (t *Tables) guard(l *line, panicOnFault bool, ok *bool) {
	debug.SetPanicOnFault(panicOnFault)
	r := recover()
	if r == nil {
		return
	}
	addr, fault := files.FaultAddr(r)
	if !fault || !t.disable(addr) {
		panic(r)
	}
	for l.n > 0 {
		l.unmake()
	}
	*ok = false
}

// disable marks unusable the table whose mapping holds addr; false when no
// table's does.
func (t *Tables) disable(addr uintptr) bool {
	for i := range t.entries {
		for _, f := range []*tableFile{&t.entries[i].wdl, &t.entries[i].dtz} {
			f.mu.Lock()
			hit := files.Holds(f.data, addr)
			if hit {
				f.err = fmt.Errorf("syzygy: %s: the file changed while mapped (cut short?)", f.path)
				f.state.Store(fileUnusable)
			}
			f.mu.Unlock()
			if hit {
				return true
			}
		}
	}
	return false
}

// orient decides how the board is read into a table: flip swaps the colours
// (the board's black is the table's white) and side is the sub-table of the
// side to move as the table sees it.
func orient(e *entry, white, m material, stm movegen.Color) (flip bool, side int) {
	switch {
	case e.symmetric:
		return stm == movegen.Black, 0
	case m != white:
		return true, int(stm ^ 1)
	default:
		return false, int(stm)
	}
}

// fill writes the squares of the pieces of groups into sq, in table order
// and ascending within a run. mirror flips the ranks (pawn tables read with
// swapped colours). It returns how many squares it wrote; a count that does
// not match the runs means the board is not this material.
func fill(sq []int, b *movegen.Board, groups []pieceGroup, flip bool, mirror int) (int, bool) {
	var swap movegen.Color
	if flip {
		swap = 1
	}
	n := 0
	for _, g := range groups {
		bb := b.Pieces(g.color^swap, g.pt)
		if bb.Count() != int(g.count) || n+int(g.count) > len(sq) {
			return n, false
		}
		for bb != 0 {
			sq[n] = int(bb.PopLSB()) ^ mirror
			n++
		}
	}
	return n, true
}

// lookup finds the sub-table and index of the position in file f of entry e.
// stored is false for a DTZ table that holds only the other side to move.
func lookup(e *entry, f *tableFile, b *movegen.Board, m material) (s *subTable, idx uint64, stored, ok bool) {
	h := f.hdr
	flip, side := orient(e, h.white, m, b.SideToMove())
	var buf [maxTablePieces]int
	sq := buf[:e.pieces]
	if !e.hasPawns() {
		if f.dtz {
			if side != int(h.sub[0][0].flags&dtzBlackStored) && !e.symmetric {
				return nil, 0, false, true
			}
			side = 0
		} else if side == 1 && !h.split {
			return nil, 0, false, false
		}
		s = &h.sub[0][side]
		if n, good := fill(sq, b, s.groups[:s.ngroups], flip, 0); !good || n != len(sq) {
			return nil, 0, false, false
		}
		idx = s.encodePieces(sq)
	} else {
		mirror := 0
		if flip {
			mirror = 0x38
		}
		lead := &h.sub[0][0]
		n, good := fill(sq, b, lead.groups[:1], flip, mirror)
		if !good {
			return nil, 0, false, false
		}
		file := leadingFile(sq, h.leading)
		if f.dtz {
			if side != int(h.sub[file][0].flags&dtzBlackStored) {
				return nil, 0, false, true
			}
			side = 0
		} else if side == 1 && !h.split {
			return nil, 0, false, false
		}
		s = &h.sub[file][side]
		rest, good := fill(sq[n:], b, s.groups[1:s.ngroups], flip, mirror)
		if !good || n+rest != len(sq) {
			return nil, 0, false, false
		}
		idx = s.encodePawns(sq, h.leading, h.second)
	}
	if idx >= s.size {
		return nil, 0, false, false
	}
	return s, idx, true, true
}

// wdlTable reads the WDL table of the position as it stands (no captures
// tried, en passant ignored): -2..2 from the side to move's view.
func (t *Tables) wdlTable(pos *movegen.Position) (int, bool) {
	b := pos.Board()
	m := boardMaterial(b)
	if m == 0 {
		return 0, true // two bare kings
	}
	e := t.find(m)
	if e == nil || !e.wdl.ready(e) {
		return 0, false
	}
	s, idx, _, ok := lookup(e, &e.wdl, b, m)
	if !ok {
		return 0, false
	}
	v, ok := s.pairs.value(e.wdl.data, idx, false)
	if !ok || v > 4 {
		return 0, false
	}
	return v - 2, true
}

// Value maps of DTZ tables, by WDL value -2..2.
var (
	wdlToMap    = [5]int{1, 3, 0, 2, 0}
	exactPlies  = [5]uint8{dtzLossPlies, 0, 0, 0, dtzWinPlies}
	wdlToDTZ    = [5]int{-1, -101, 0, 101, 1}
	maxDTZDepth = 2
)

// dtzTable reads the DTZ table for a position whose WDL value is wdl (not
// 0). The result counts plies to the zeroing move from the table's start,
// without the sign; stored is false when the table holds only the other
// side to move.
func (t *Tables) dtzTable(pos *movegen.Position, wdl int) (dtz int, stored, ok bool) {
	b := pos.Board()
	m := boardMaterial(b)
	e := t.find(m)
	if e == nil || !e.dtz.ready(e) {
		return 0, false, false
	}
	s, idx, stored, ok := lookup(e, &e.dtz, b, m)
	if !ok || !stored {
		return 0, stored, ok
	}
	v, ok := s.pairs.value(e.dtz.data, idx, true)
	if !ok {
		return 0, false, false
	}
	if s.flags&dtzMapped != 0 {
		k := wdlToMap[wdl+2]
		if v >= int(s.mapLen[k]) {
			return 0, false, false
		}
		at := int(s.mapOff[k])
		if s.flags&dtzWideMap != 0 {
			v = int(e.dtz.data[at+2*v]) | int(e.dtz.data[at+2*v+1])<<8
		} else {
			v = int(e.dtz.data[at+v])
		}
	}
	// Tables store moves rather than plies unless told otherwise; cursed
	// results are always in moves.
	if s.flags&exactPlies[wdl+2] == 0 || wdl&1 != 0 {
		v *= 2
	}
	return v, true, true
}

// probeable reports whether a position may be probed at all.
func (t *Tables) probeable(pos *movegen.Position) bool {
	return t != nil && pos.Castling() == movegen.NoCastling && pos.Occupied().Count() <= t.maxPieces
}

// ProbeWDL returns the position's value from the side to move's view: 2 win,
// 1 win that the fifty-move rule turns into a draw ("cursed"), 0 draw, -1
// loss saved by the fifty-move rule ("blessed"), -2 loss, each assuming the
// fifty-move counter is zero. ok is false with castling rights, more pieces
// than MaxPieces, a missing or unusable table. pos is used as scratch
// (moves made and taken back) and is unchanged on return; it must not be
// shared with another goroutine during the call.
func (t *Tables) ProbeWDL(pos *movegen.Position) (wdl int, ok bool) {
	if !t.probeable(pos) {
		return 0, false
	}
	l := line{pos: pos}
	defer t.guard(&l, debug.SetPanicOnFault(true), &ok)
	return t.wdl(&l)
}

// wdl is the WDL value with captures resolved and en passant accounted for.
func (t *Tables) wdl(l *line) (int, bool) {
	v, _, ok := t.search(l, -2, 2)
	if !ok || l.pos.EnPassant() == movegen.NoSquare {
		return v, ok
	}
	best, onlyEP, ok := t.enPassant(l)
	if !ok {
		return 0, false
	}
	if best > -3 {
		if best >= v || v == 0 && onlyEP {
			v = best
		}
	}
	return v, true
}

// Outcomes of search: how the value was found.
const (
	fromTable   = 1 // the table (or a capture no better than it)
	fromCapture = 2 // a capture wins at least as much as the table promises
)

// search resolves captures with alpha-beta over WDL values: the tables are
// built on the assumption that capturing is always possible, so a capture
// may be better than the table says. Captures are searched first, then the
// table itself is read. The second result is fromCapture when a capture
// cut off or a winning capture is at least as good as the table.
func (t *Tables) search(l *line, alpha, beta int) (int, int, bool) {
	pos := l.pos
	var buf [movegen.MaxMoves]movegen.Move
	them := pos.ByColor(pos.SideToMove().Other())
	for _, m := range pos.GenNoisy(buf[:]) {
		if m.IsEnPassant() || !them.Has(m.To()) {
			continue
		}
		l.make(m)
		v, _, ok := t.search(l, -beta, -alpha)
		l.unmake()
		if !ok {
			return 0, 0, false
		}
		if v = -v; v > alpha {
			if v >= beta {
				return v, fromCapture, true
			}
			alpha = v
		}
	}
	v, ok := t.wdlTable(pos)
	if !ok {
		return 0, 0, false
	}
	if alpha >= v {
		if alpha > 0 {
			return alpha, fromCapture, true
		}
		return alpha, fromTable, true
	}
	return v, fromTable, true
}

// enPassant returns the best WDL value of the legal en-passant captures
// (-3 without one) and whether they are the only legal moves.
func (t *Tables) enPassant(l *line) (best int, onlyEP, ok bool) {
	pos := l.pos
	var buf [movegen.MaxMoves]movegen.Move
	best = -3
	count := 0
	for _, m := range pos.GenNoisy(buf[:]) {
		if !m.IsEnPassant() {
			continue
		}
		count++
		l.make(m)
		v, _, ok := t.search(l, -2, 2)
		l.unmake()
		if !ok {
			return 0, false, false
		}
		best = max(best, -v)
	}
	return best, count > 0 && count == pos.CountLegal(), true
}

// ProbeDTZ returns the distance to zeroing: the plies until the next
// capture or pawn move under best play (the one that keeps the result
// within reach), with the sign of the result for the side to move:
//
//	 1..100   win (WDL 2)
//	 >100     cursed win (WDL 1): the distance, or that distance + 100
//	 0        draw
//	-100..-1  loss (WDL -2)
//	 < -100   blessed loss (WDL -1)
//
// A distance may be one ply longer than the truth where the tables round
// to whole moves (never where it could change the result). Conditions and
// the use of pos are as for ProbeWDL; both table kinds are needed.
func (t *Tables) ProbeDTZ(pos *movegen.Position) (dtz int, ok bool) {
	if !t.probeable(pos) {
		return 0, false
	}
	l := line{pos: pos}
	defer t.guard(&l, debug.SetPanicOnFault(true), &ok)
	return t.dtz(&l, 0)
}

// dtzBeforeZeroing is the distance of a position whose best move zeroes.
func dtzBeforeZeroing(wdl int) int { return wdlToDTZ[wdl+2] }

// dtz is ProbeDTZ with en passant; depth bounds the recursion a table that
// stores only one side to move needs (one level for sound files).
func (t *Tables) dtz(l *line, depth int) (int, bool) {
	v, ok := t.dtzNoEP(l, depth)
	if !ok || l.pos.EnPassant() == movegen.NoSquare {
		return v, ok
	}
	best, onlyEP, ok := t.enPassant(l)
	if !ok {
		return 0, false
	}
	if best == -3 {
		return v, true
	}
	// The en-passant capture zeroes at once: it replaces the tables' value
	// when it is better for the side to move.
	ep := wdlToDTZ[best+2]
	switch {
	case v < -100:
		if ep >= 0 {
			v = ep
		}
	case v < 0:
		if ep >= 0 || ep < -100 {
			v = ep
		}
	case v > 100:
		if ep > 0 {
			v = ep
		}
	case v > 0:
		if ep == 1 {
			v = ep
		}
	case ep >= 0:
		v = ep
	case onlyEP:
		v = ep
	}
	return v, true
}

// dtzNoEP is the distance to zeroing ignoring en passant.
func (t *Tables) dtzNoEP(l *line, depth int) (int, bool) {
	pos := l.pos
	wdl, how, ok := t.search(l, -2, 2)
	if !ok {
		return 0, false
	}
	if wdl == 0 {
		return 0, true
	}
	if how == fromCapture {
		return dtzBeforeZeroing(wdl), true // a capture is the way
	}
	var buf [movegen.MaxMoves]movegen.Move
	us := pos.SideToMove()
	empty := ^pos.Occupied()
	if wdl > 0 {
		// A pawn move that keeps the result zeroes at once.
		pawns := pos.Pieces(us, movegen.Pawn)
		for _, m := range pos.GenLegal(buf[:]) {
			if !pawns.Has(m.From()) || !empty.Has(m.To()) || m.IsEnPassant() {
				continue
			}
			l.make(m)
			v, ok := t.wdl(l)
			l.unmake()
			if !ok {
				return 0, false
			}
			if -v == wdl {
				return dtzBeforeZeroing(wdl), true
			}
		}
	}

	d, stored, ok := t.dtzTable(pos, wdl)
	if !ok {
		return 0, false
	}
	if stored {
		if wdl > 0 {
			return dtzBeforeZeroing(wdl) + d, true
		}
		return dtzBeforeZeroing(wdl) - d, true
	}

	// The table holds the other side to move: look one move ahead.
	if depth >= maxDTZDepth {
		return 0, false
	}
	if wdl > 0 {
		best := 0xffff
		pawns := pos.Pieces(us, movegen.Pawn)
		for _, m := range pos.GenLegal(buf[:]) {
			if pawns.Has(m.From()) || !empty.Has(m.To()) {
				continue
			}
			l.make(m)
			v, ok := t.dtz(l, depth+1)
			mate := v == -1 && pos.InCheck() && !pos.HasLegalMove()
			l.unmake()
			if !ok {
				return 0, false
			}
			switch v = -v; {
			case mate:
				best = 1
			case v > 0 && v+1 < best:
				best = v + 1
			}
		}
		return best, true
	}
	best := -1
	for _, m := range pos.GenLegal(buf[:]) {
		l.make(m)
		var v int
		ok := true
		switch {
		case pos.Rule50() != 0:
			v, ok = t.dtz(l, depth+1)
			v = -v - 1
		case wdl == -2:
			v = -1
		default:
			var w int
			w, _, ok = t.search(l, 1, 2)
			if w == 2 {
				v = 0
			} else {
				v = -101
			}
		}
		l.unmake()
		if !ok {
			return 0, false
		}
		best = min(best, v)
	}
	return best, true
}
