package syzygy

// Position indexing: how a placement of pieces becomes the number under
// which a table stores its value. The tables only hold canonical
// placements (the board's symmetries are folded away), and identical pieces
// are counted as unordered sets with the combinatorial number system.
// Every lookup table here is derived at start-up from its defining rule.

// maxTablePieces is the largest piece count (kings included) a Syzygy
// table can describe.
const maxTablePieces = 7

var (
	// binomial[k][n] is "n choose k" (0 when n < k).
	binomial [maxTablePieces + 1][65]uint64

	// Pawnless tables fold the board onto the triangle a1-d1-d4. Its six
	// squares strictly below the diagonal get classes 0..5, its four
	// diagonal squares 6..9; every other square has the class of its image.
	triangleClass  [64]uint8
	triangleSquare = [10]int{1, 2, 3, 10, 11, 19, 0, 9, 18, 27}

	// belowDiag numbers the 28 squares with file > rank in square order;
	// diagonal squares get 28 + rank and squares above the diagonal the
	// number of their mirror image.
	belowDiag [64]uint8

	// kingPairIndex[class][sq] numbers the placements of the two leading
	// unique pieces (the kings, in practice) when no third unique piece
	// exists: never on the same or adjacent squares, and with the first on
	// the diagonal, the second on or below it. -1 marks an impossible pair.
	kingPairIndex [10][64]int16

	// Pawn tables: the leading pawn decides the "file" sub-table (a..d,
	// after folding e..h onto them) and flap orders it within that file.
	flap [64]uint8
	// pawnTwist orders the other leading pawns: always below the leading
	// pawn's own value, so that combinations can be counted below it.
	pawnTwist [64]uint8
	// leadIndex[n-1][flap] is the first index of the placements whose
	// leading group of n pawns has its lead on that flap square;
	// leadCount[n-1][file] counts them all for a file.
	leadIndex [5][24]uint64
	leadCount [5][4]uint64
)

// Placements of the leading pieces of a pawnless table: three unique pieces,
// or only the king pair when there is no third unique piece.
const (
	tripletPlacements  = 31332
	kingPairPlacements = 462
)

func init() {
	for n := 0; n <= 64; n++ {
		binomial[0][n] = 1
		for k := 1; k <= maxTablePieces && k <= n; k++ {
			binomial[k][n] = binomial[k-1][n-1] + binomial[k][n-1]
		}
	}

	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		if f > 3 {
			f = 7 - f
		}
		if r > 3 {
			r = 7 - r
		}
		if r > f {
			f, r = r, f
		}
		for class, s := range triangleSquare {
			if s == r*8+f {
				triangleClass[sq] = uint8(class)
			}
		}
	}

	n := uint8(0)
	for sq := 0; sq < 64; sq++ {
		if sq&7 > sq>>3 {
			belowDiag[sq] = n
			n++
		}
	}
	for sq := 0; sq < 64; sq++ {
		switch f, r := sq&7, sq>>3; {
		case f == r:
			belowDiag[sq] = 28 + uint8(r)
		case r > f:
			belowDiag[sq] = belowDiag[transpose(sq)]
		}
	}

	for c := range kingPairIndex {
		for sq := range kingPairIndex[c] {
			kingPairIndex[c][sq] = -1
		}
	}
	next := int16(0)
	apart := func(a, b int) bool {
		df, dr := a&7-b&7, a>>3-b>>3
		return df*df > 1 || dr*dr > 1
	}
	for class := 0; class < 6; class++ {
		for sq := 0; sq < 64; sq++ {
			if apart(triangleSquare[class], sq) {
				kingPairIndex[class][sq] = next
				next++
			}
		}
	}
	for _, onDiag := range []bool{false, true} {
		for class := 6; class < 10; class++ {
			for sq := 0; sq < 64; sq++ {
				f, r := sq&7, sq>>3
				if (onDiag && f == r || !onDiag && f > r) && apart(triangleSquare[class], sq) {
					kingPairIndex[class][sq] = next
					next++
				}
			}
		}
	}
	if next != kingPairPlacements {
		panic("syzygy: king pair indexing is inconsistent")
	}

	for sq := 8; sq < 56; sq++ {
		f, r := sq&7, sq>>3
		folded, east := f, 0
		if f > 3 {
			folded, east = 7-f, 1
		}
		flap[sq] = uint8(6*folded + r - 1)
		// Files nearer the centre and ranks nearer promotion come first.
		pawnTwist[sq] = uint8(12*(3-folded) + 2*(6-r) + 1 - east)
	}
	for lead := 0; lead < 5; lead++ {
		for file := 0; file < 4; file++ {
			var sum uint64
			for j := 6 * file; j < 6*file+6; j++ {
				leadIndex[lead][j] = sum
				if lead == 0 {
					sum++
				} else {
					sq := 8*(j%6+1) + j/6
					sum += binomial[lead][pawnTwist[sq]]
				}
			}
			leadCount[lead][file] = sum
		}
	}
}

// transpose mirrors a square in the a1-h8 diagonal.
func transpose(sq int) int { return (sq>>3 | sq<<3) & 63 }

// diagOffset is rank minus file: 0 on the a1-h8 diagonal, positive above it.
func diagOffset(sq int) int { return sq>>3 - sq&7 }

// sortSquares orders a few squares ascending (insertion sort: n <= 6).
func sortSquares(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// countBelow counts the squares among placed that are lower than sq.
func countBelow(placed []int, sq int) int {
	n := 0
	for _, p := range placed {
		if p < sq {
			n++
		}
	}
	return n
}

// groupIndex numbers the placement of the identical pieces sq[from:from+n]
// among the squares the pieces before them leave free.
func groupIndex(sq []int, from, n, offset int) uint64 {
	group := sq[from : from+n]
	sortSquares(group)
	var s uint64
	for m, p := range group {
		free := p - countBelow(sq[:from], p) - offset
		if free < 0 {
			return badIndex
		}
		s += binomial[m+1][free]
	}
	return s
}

// badIndex marks a placement the table cannot hold; lookups reject it.
const badIndex = ^uint64(0)

// encodePieces computes the index of a pawnless placement. sq holds the
// squares in the table's piece order and is rearranged.
func (s *subTable) encodePieces(sq []int) uint64 {
	n := len(sq)
	if sq[0]&4 != 0 {
		for i := range sq {
			sq[i] ^= 7
		}
	}
	if sq[0]&32 != 0 {
		for i := range sq {
			sq[i] ^= 56
		}
	}
	lead := int(s.norm[0])
	for i := 0; i < n; i++ {
		if d := diagOffset(sq[i]); d != 0 {
			if i < lead && d > 0 {
				for j := range sq {
					sq[j] = transpose(sq[j])
				}
			}
			break
		}
	}

	var idx uint64
	if lead == 3 {
		a, b, c := sq[0], sq[1], sq[2]
		// The reflections leave the first piece off the diagonal below it.
		// The four cases number the placements whose first, second, third
		// or no piece is off the diagonal; a piece's square is counted
		// without the squares the pieces before it already hold.
		var skipB, skipC int
		if b > a {
			skipB++
		}
		if c > a {
			skipC++
		}
		if c > b {
			skipC++
		}
		switch {
		case diagOffset(a) != 0:
			idx = uint64(triangleClass[a])*63*62 + uint64(b-skipB)*62 + uint64(c-skipC)
		case diagOffset(b) != 0:
			idx = 6*63*62 + uint64(a>>3)*28*62 + uint64(belowDiag[b])*62 + uint64(c-skipC)
		case diagOffset(c) != 0:
			idx = 6*63*62 + 4*28*62 + uint64(a>>3)*7*28 + uint64(b>>3-skipB)*28 + uint64(belowDiag[c])
		default:
			idx = 6*63*62 + 4*28*62 + 4*7*28 + uint64(a>>3)*7*6 + uint64(b>>3-skipB)*6 + uint64(c>>3-skipC)
		}
	} else {
		k := kingPairIndex[triangleClass[sq[0]]][sq[1]]
		if k < 0 {
			return badIndex
		}
		idx = uint64(k)
	}
	idx *= s.factor[0]

	for i := lead; i < n; i += int(s.norm[i]) {
		g := groupIndex(sq, i, int(s.norm[i]), 0)
		if g == badIndex {
			return badIndex
		}
		idx += g * s.factor[i]
	}
	return idx
}

// encodePawns computes the index of a placement with pawns. sq holds the
// squares in the table's piece order, the leading pawn first (see
// leadingFile), and is rearranged.
func (s *subTable) encodePawns(sq []int, leading, second int) uint64 {
	n := len(sq)
	if sq[0]&4 != 0 {
		for i := range sq {
			sq[i] ^= 7
		}
	}
	others := sq[1:leading]
	for i := 1; i < len(others); i++ { // by pawnTwist, largest first
		for j := i; j > 0 && pawnTwist[others[j]] > pawnTwist[others[j-1]]; j-- {
			others[j], others[j-1] = others[j-1], others[j]
		}
	}
	if sq[0] < 8 || sq[0] >= 56 {
		return badIndex
	}
	idx := leadIndex[leading-1][flap[sq[0]]]
	for i, p := range others {
		idx += binomial[leading-1-i][pawnTwist[p]]
	}
	idx *= s.factor[0]

	i := leading
	if second > 0 {
		g := groupIndex(sq, i, second, 8)
		if g == badIndex {
			return badIndex
		}
		idx += g * s.factor[i]
		i += second
	}
	for ; i < n; i += int(s.norm[i]) {
		g := groupIndex(sq, i, int(s.norm[i]), 0)
		if g == badIndex {
			return badIndex
		}
		idx += g * s.factor[i]
	}
	return idx
}

// leadingFile moves the leading pawn (the one of the leading group with the
// smallest flap) to sq[0] and returns its file sub-table, 0..3.
func leadingFile(sq []int, leading int) int {
	for i := 1; i < leading; i++ {
		if flap[sq[0]] > flap[sq[i]] {
			sq[0], sq[i] = sq[i], sq[0]
		}
	}
	f := sq[0] & 7
	if f > 3 {
		f = 7 - f
	}
	return f
}
