package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"

	"tempest/movegen"
)

// Layout of a table file, as this package reads it:
//
//	magic (4 bytes), flags (1 byte: 1 = both sides to move stored, WDL
//	only; 2 = the material has pawns)
//	piece descriptions: one for pawnless tables, one per pawn file (a..d)
//	otherwise; each is an order byte (two nibbles, one per side to move;
//	a second one for the second pawn group) and one byte per piece (a
//	nibble per side to move: colour bit 8, type 1..6 as pawn..king)
//	compression headers, one per stored sub-table
//	DTZ only: value maps that turn the small stored numbers into distances
//	index tables, block-size tables and the 64-byte aligned data blocks of
//	every sub-table, in that order.
//
// Every offset and count read from the file is checked here, once, so that
// probing can trust them; what cannot be checked once (the walk through the
// compressed data) is bounds-checked as it goes.

var (
	wdlMagic = [4]byte{0x71, 0xe8, 0x23, 0x5d}
	dtzMagic = [4]byte{0xd7, 0x66, 0x0c, 0xa5}
)

// DTZ header flags.
const (
	dtzBlackStored = 1  // the sub-table is for the table's black to move
	dtzMapped      = 2  // values go through a value map
	dtzWinPlies    = 4  // wins are stored in plies, not moves
	dtzLossPlies   = 8  // losses are stored in plies, not moves
	dtzWideMap     = 16 // the value map has 16-bit entries
	singleValue    = 0x80
)

var errCorrupt = errors.New("corrupt table")

// pieceGroup is a run of identical pieces in a sub-table's piece order.
type pieceGroup struct {
	color movegen.Color // as the table sees it: flipped when the board's colours are swapped
	pt    movegen.PieceType
	count uint8
}

// subTable is one independently compressed part of a table: one side to
// move (WDL tables store two) of one leading-pawn file (pawn tables have
// four).
type subTable struct {
	groups  [maxTablePieces]pieceGroup // the table's piece order, as runs
	ngroups uint8
	norm    [maxTablePieces]uint8  // run length at the start of each run
	factor  [maxTablePieces]uint64 // weight of each run in the index
	size    uint64                 // number of indices

	flags  uint8     // DTZ header flags
	mapOff [4]int32  // DTZ: first entry of each value map
	mapLen [4]uint16 // DTZ: entries in each value map

	pairs pairsData
}

// pairsData describes a compressed value stream: canonical Huffman codes
// for symbols, each symbol standing for one value or for a pair of symbols.
type pairsData struct {
	single   bool   // every index holds constVal
	constVal uint16 // the value when single
	idxBits  uint8  // indices per index-table entry, log2
	blockLog uint8  // block size in bytes, log2
	minLen   uint8  // shortest code
	indexOff int    // index table: 6 bytes per entry
	indexes  uint64 // entries in the index table
	sizeOff  int    // block sizes: 2 bytes per block, values per block - 1
	blocks   int    // entries in the block-size table
	dataOff  int    // first data block
	dataLen  int    // bytes of data blocks
	symOff   int    // symbol definitions: 3 bytes each
	symLen   []uint32
	firstSym []uint16 // first symbol of each code length from minLen on
	base     []uint64 // smallest left-aligned code of each length from minLen on
}

// parser reads a table file, remembering the first out-of-range read.
type parser struct {
	data []byte
	bad  bool
}

func (p *parser) u8(off int) int {
	if off < 0 || off >= len(p.data) {
		p.bad = true
		return 0
	}
	return int(p.data[off])
}

func (p *parser) u16(off int) int {
	if off < 0 || off+2 > len(p.data) {
		p.bad = true
		return 0
	}
	return int(binary.LittleEndian.Uint16(p.data[off:]))
}

func (p *parser) u32(off int) uint64 {
	if off < 0 || off+4 > len(p.data) {
		p.bad = true
		return 0
	}
	return uint64(binary.LittleEndian.Uint32(p.data[off:]))
}

// region claims n bytes at *off and advances it; false if they do not fit.
func (p *parser) region(off *int, n uint64) (int, bool) {
	start := *off
	if n > uint64(len(p.data)) || uint64(start)+n > uint64(len(p.data)) {
		p.bad = true
		return 0, false
	}
	*off = start + int(n)
	return start, true
}

// header is what a table file holds, parsed.
type header struct {
	white   material // the material of the side the table calls white
	split   bool     // WDL: both sides to move stored
	files   int      // 1, or 4 for pawn tables
	leading int      // pawns in the leading group
	second  int      // pawns of the other colour
	sub     [4][2]subTable
}

// parse reads the whole header of a WDL or DTZ table for entry e.
func parse(data []byte, e *entry, dtz bool) (*header, error) {
	magic := wdlMagic
	if dtz {
		magic = dtzMagic
	}
	if len(data) < 16 || len(data)%64 != 16 {
		return nil, fmt.Errorf("size %d is not that of a table", len(data))
	}
	if [4]byte(data[:4]) != magic {
		return nil, errors.New("bad magic bytes")
	}
	p := &parser{data: data}
	h := &header{files: 1, white: e.mat}
	flags := data[4]
	h.split = !dtz && flags&1 != 0
	if (flags&2 != 0) != e.hasPawns() {
		return nil, errors.New("pawn flag disagrees with the file name")
	}
	sides := 1
	if h.split {
		sides = 2
	}
	n := e.pieces
	off := 5

	if !e.hasPawns() {
		for side := 0; side < sides; side++ {
			shift := 4 * side
			var codes [maxTablePieces]uint8
			for i := 0; i < n; i++ {
				codes[i] = uint8(p.u8(off+1+i) >> shift & 15)
			}
			if err := h.sub[0][side].setupPieces(codes[:n], p.u8(off)>>shift&15, e); err != nil {
				return nil, err
			}
		}
		// The table decides which side it calls white.
		h.white = materialOf(h.sub[0][0].groups[:h.sub[0][0].ngroups])
		if h.white != e.mat && h.white != e.mat.mirror() {
			return nil, errors.New("pieces disagree with the file name")
		}
		off += n + 1
	} else {
		h.files = 4
		h.leading, h.second = e.pawnGroups()
		descr := 1
		if h.second > 0 {
			descr = 2
		}
		for f := 0; f < 4; f++ {
			for side := 0; side < sides; side++ {
				shift := 4 * side
				order, order2 := p.u8(off)>>shift&15, 15
				if h.second > 0 {
					order2 = p.u8(off+1) >> shift & 15
				}
				var codes [maxTablePieces]uint8
				for i := 0; i < n; i++ {
					codes[i] = uint8(p.u8(off+descr+i) >> shift & 15)
				}
				if err := h.sub[f][side].setupPawns(codes[:n], order, order2, f, h.leading, h.second, e); err != nil {
					return nil, err
				}
				// Every sub-table must start with the same leading pawns.
				if h.sub[f][side].groups[0] != h.sub[0][0].groups[0] {
					return nil, errCorrupt
				}
			}
			off += n + descr
		}
	}
	off += off & 1
	if p.bad {
		return nil, errCorrupt
	}
	// Every sub-table must see the colours alike.
	for f := 0; f < h.files; f++ {
		for side := 0; side < sides; side++ {
			s := &h.sub[f][side]
			if materialOf(s.groups[:s.ngroups]) != h.white {
				return nil, errors.New("sub-tables disagree on the colours")
			}
		}
	}

	for f := 0; f < h.files; f++ {
		for side := 0; side < sides; side++ {
			s := &h.sub[f][side]
			next, err := s.pairs.setup(p, off, s.size, !dtz)
			if err != nil {
				return nil, err
			}
			s.flags = data[off]
			off = next
		}
	}

	if dtz {
		for f := 0; f < h.files; f++ {
			s := &h.sub[f][0]
			if s.flags&dtzMapped == 0 {
				continue
			}
			if s.flags&dtzWideMap != 0 {
				off += off & 1
			}
			for m := 0; m < 4; m++ {
				var count, entries int
				if s.flags&dtzWideMap == 0 {
					count = p.u8(off)
					entries = off + 1
					off = entries + count
				} else {
					count = p.u16(off)
					entries = off + 2
					off = entries + 2*count
				}
				if p.bad || off > len(data) {
					return nil, errCorrupt
				}
				s.mapOff[m], s.mapLen[m] = int32(entries), uint16(count)
			}
		}
		off += off & 1
	}

	for f := 0; f < h.files; f++ {
		for side := 0; side < sides; side++ {
			d := &h.sub[f][side].pairs
			if d.single {
				continue
			}
			start, ok := p.region(&off, 6*d.indexes)
			if !ok {
				return nil, errCorrupt
			}
			d.indexOff = start
		}
	}
	for f := 0; f < h.files; f++ {
		for side := 0; side < sides; side++ {
			d := &h.sub[f][side].pairs
			if d.single {
				continue
			}
			start, ok := p.region(&off, 2*uint64(d.blocks))
			if !ok {
				return nil, errCorrupt
			}
			d.sizeOff = start
		}
	}
	for f := 0; f < h.files; f++ {
		for side := 0; side < sides; side++ {
			d := &h.sub[f][side].pairs
			if d.single {
				continue
			}
			off = (off + 63) &^ 63
			start, ok := p.region(&off, uint64(d.dataLen))
			if !ok {
				return nil, errCorrupt
			}
			d.dataOff = start
		}
	}
	if p.bad {
		return nil, errCorrupt
	}
	return h, nil
}

// setupPieces prepares a pawnless sub-table from its piece codes.
func (s *subTable) setupPieces(codes []uint8, order int, e *entry) error {
	lead := 2
	if e.uniquePieces() >= 3 {
		lead = 3
	}
	if err := s.setGroups(codes, lead, 0, 0, e); err != nil {
		return err
	}
	remaining := 64 - lead
	f := uint64(1)
	i, k, placed := lead, 0, false
	for i < len(codes) || k == order {
		if k == order {
			s.factor[0] = f
			if lead == 3 {
				f *= tripletPlacements
			} else {
				f *= kingPairPlacements
			}
			placed = true
		} else {
			s.factor[i] = f
			f *= binomial[s.norm[i]][remaining]
			remaining -= int(s.norm[i])
			i += int(s.norm[i])
		}
		k++
	}
	if !placed {
		return errCorrupt
	}
	s.size = f
	return nil
}

// setupPawns prepares the sub-table of one leading-pawn file.
func (s *subTable) setupPawns(codes []uint8, order, order2, file, leading, second int, e *entry) error {
	if leading < 1 || leading > len(leadCount) || (second > 0) != (order2 != 15) {
		return errCorrupt
	}
	if err := s.setGroups(codes, 0, leading, second, e); err != nil {
		return err
	}
	i := leading + second
	remaining := 64 - i
	f := uint64(1)
	k := 0
	placed, placed2 := false, second == 0
	for i < len(codes) || k == order || k == order2 {
		switch k {
		case order:
			s.factor[0] = f
			f *= leadCount[leading-1][file]
			placed = true
		case order2:
			s.factor[leading] = f
			f *= binomial[second][48-leading]
			placed2 = true
		default:
			s.factor[i] = f
			f *= binomial[s.norm[i]][remaining]
			remaining -= int(s.norm[i])
			i += int(s.norm[i])
		}
		k++
	}
	if !placed || !placed2 {
		return errCorrupt
	}
	s.size = f
	return nil
}

// setGroups splits the piece codes into runs and checks them against the
// material of the file name. For pawnless tables the first lead pieces are
// single runs of unique pieces; for pawn tables the first runs are the
// leading and the second pawn group.
func (s *subTable) setGroups(codes []uint8, lead, leading, second int, e *entry) error {
	var counts [2][movegen.King + 1]int
	s.ngroups = 0
	for i := 0; i < len(codes); {
		c := codes[i]
		pt := movegen.PieceType(c & 7)
		color := movegen.Color(c >> 3)
		if pt < movegen.Pawn || pt > movegen.King {
			return errCorrupt
		}
		run := 1
		switch {
		case i < lead:
		case i == 0 && leading > 0:
			run = leading
		case i == leading && second > 0:
			run = second
		default:
			for i+run < len(codes) && codes[i+run] == c {
				run++
			}
		}
		for j := i; j < i+run; j++ {
			if j >= len(codes) || codes[j] != c {
				return errCorrupt
			}
		}
		if leading > 0 && (i < leading+second) != (pt == movegen.Pawn) {
			return errCorrupt
		}
		if counts[color][pt] != 0 {
			return errCorrupt // the same piece in two runs
		}
		counts[color][pt] = run
		s.groups[s.ngroups] = pieceGroup{color: color, pt: pt, count: uint8(run)}
		s.ngroups++
		s.norm[i] = uint8(run)
		i += run
	}
	if lead > 0 {
		s.norm[0] = uint8(lead)
	}
	if counts[movegen.White][movegen.King] != 1 || counts[movegen.Black][movegen.King] != 1 {
		return errCorrupt
	}
	if m := materialOf(s.groups[:s.ngroups]); m != e.mat && m != e.mat.mirror() {
		return errors.New("pieces disagree with the file name")
	}
	return nil
}

// setup reads the compression header at off and returns the offset after it.
func (d *pairsData) setup(p *parser, off int, size uint64, wdl bool) (int, error) {
	flags := p.u8(off)
	if p.bad {
		return 0, errCorrupt
	}
	if flags&singleValue != 0 {
		d.single = true
		if wdl {
			d.constVal = uint16(p.u8(off + 1))
		}
		return off + 2, nil
	}
	d.blockLog = uint8(p.u8(off + 1))
	d.idxBits = uint8(p.u8(off + 2))
	extraBlocks := p.u8(off + 3)
	realBlocks := p.u32(off + 4)
	maxLen, minLen := p.u8(off+8), p.u8(off+9)
	if p.bad || d.idxBits == 0 || d.idxBits > 62 || d.blockLog > 30 ||
		minLen == 0 || maxLen < minLen || maxLen > 64 || realBlocks == 0 {
		return 0, errCorrupt
	}
	lengths := maxLen - minLen + 1
	numSyms := p.u16(off + 10 + 2*lengths)
	d.symOff = off + 12 + 2*lengths
	next := d.symOff + 3*numSyms + numSyms&1
	if p.bad || numSyms == 0 || next > len(p.data) {
		return 0, errCorrupt
	}
	d.minLen = uint8(minLen)
	d.indexes = (size + 1<<d.idxBits - 1) >> d.idxBits
	d.blocks = int(realBlocks) + extraBlocks
	d.dataLen = int(realBlocks) << d.blockLog
	if uint64(d.dataLen) > uint64(len(p.data)) || realBlocks > uint64(len(p.data)) {
		return 0, errCorrupt
	}

	d.firstSym = make([]uint16, lengths)
	for i := range d.firstSym {
		d.firstSym[i] = uint16(p.u16(off + 10 + 2*i))
	}
	// Canonical codes: the count of codes of each length follows from
	// the first symbols; longer codes take the smaller values.
	d.base = make([]uint64, lengths)
	for i := lengths - 2; i >= 0; i-- {
		d.base[i] = (d.base[i+1] + uint64(d.firstSym[i]) - uint64(d.firstSym[i+1])) / 2
	}
	for i := range d.base {
		d.base[i] <<= 64 - uint(minLen+i)
	}

	// Symbol lengths (values covered minus one), depth first; a symbol
	// that refers back to itself marks a corrupt file.
	d.symLen = make([]uint32, numSyms)
	state := make([]uint8, numSyms) // 0 new, 1 in progress, 2 done
	var visit func(s int, depth int) bool
	visit = func(s int, depth int) bool {
		switch state[s] {
		case 1:
			return false
		case 2:
			return true
		}
		if depth > numSyms {
			return false
		}
		state[s] = 1
		left, right := d.children(p.data, s)
		if right == 0xfff {
			d.symLen[s] = 0
		} else {
			if left >= numSyms || right >= numSyms || !visit(left, depth+1) || !visit(right, depth+1) {
				return false
			}
			l := uint64(d.symLen[left]) + uint64(d.symLen[right]) + 1
			if l > 1<<24 {
				return false
			}
			d.symLen[s] = uint32(l)
		}
		state[s] = 2
		return true
	}
	for s := 0; s < numSyms; s++ {
		if !visit(s, 0) {
			return 0, errCorrupt
		}
	}
	return next, nil
}

// children returns the two halves of symbol s; the second is 0xfff for a
// symbol that stands for a single value (the first then holds it).
func (d *pairsData) children(data []byte, s int) (int, int) {
	w := d.symOff + 3*s
	b := data[w : w+3 : w+3]
	return int(b[0]) | int(b[1]&15)<<8, int(b[1]>>4) | int(b[2])<<4
}

// value returns the stored value at idx: the byte of a WDL table, the 12
// bits of a DTZ table. ok is false when the file contradicts itself.
func (d *pairsData) value(data []byte, idx uint64, dtz bool) (int, bool) {
	if d.single {
		return int(d.constVal), true
	}
	entry := idx >> d.idxBits
	if entry >= d.indexes {
		return 0, false
	}
	e := d.indexOff + 6*int(entry)
	block := int(binary.LittleEndian.Uint32(data[e:]))
	// The entry points at the middle of its run of indices.
	lit := int64(idx&(1<<d.idxBits-1)) - int64(1)<<(d.idxBits-1) + int64(binary.LittleEndian.Uint16(data[e+4:]))
	sizes := data[d.sizeOff : d.sizeOff+2*d.blocks]
	if block >= d.blocks {
		return 0, false
	}
	for lit < 0 {
		block--
		if block < 0 {
			return 0, false
		}
		lit += int64(binary.LittleEndian.Uint16(sizes[2*block:])) + 1
	}
	for {
		n := int64(binary.LittleEndian.Uint16(sizes[2*block:]))
		if lit <= n {
			break
		}
		lit -= n + 1
		block++
		if block >= d.blocks {
			return 0, false
		}
	}
	start := block << d.blockLog
	if start >= d.dataLen {
		return 0, false
	}
	blk := data[d.dataOff+start : d.dataOff+d.dataLen]

	// Walk the symbols of the block until the one covering lit. code holds
	// the next 64 bits, left aligned; at least 32 of them are always valid.
	code := readBE64(blk, 0)
	pos := 8
	consumed := uint(0)
	numSyms := len(d.symLen)
	var sym int
	for {
		l := 0
		for code < d.base[l] {
			l++
		}
		length := uint(l) + uint(d.minLen)
		sym = int(d.firstSym[l]) + int((code-d.base[l])>>(64-length))
		if sym >= numSyms {
			return 0, false
		}
		if lit < int64(d.symLen[sym])+1 {
			break
		}
		lit -= int64(d.symLen[sym]) + 1
		code <<= length
		consumed += length
		if consumed >= 32 {
			consumed -= 32
			code |= uint64(readBE32(blk, pos)) << consumed
			pos += 4
		}
	}
	// Descend into the pair symbols down to a single value.
	for d.symLen[sym] != 0 {
		left, right := d.children(data, sym)
		if lit < int64(d.symLen[left])+1 {
			sym = left
		} else {
			lit -= int64(d.symLen[left]) + 1
			sym = right
		}
	}
	left, _ := d.children(data, sym)
	if dtz {
		return left, true
	}
	return left & 0xff, true
}

// readBE64 reads 8 big-endian bytes at off, zeros past the end of b.
func readBE64(b []byte, off int) uint64 {
	if off+8 <= len(b) {
		return binary.BigEndian.Uint64(b[off:])
	}
	var v uint64
	for i := 0; i < 8; i++ {
		v <<= 8
		if off+i < len(b) {
			v |= uint64(b[off+i])
		}
	}
	return v
}

// readBE32 reads 4 big-endian bytes at off, zeros past the end of b.
func readBE32(b []byte, off int) uint32 {
	if off+4 <= len(b) {
		return binary.BigEndian.Uint32(b[off:])
	}
	var v uint32
	for i := 0; i < 4; i++ {
		v <<= 8
		if off+i < len(b) {
			v |= uint32(b[off+i])
		}
	}
	return v
}
