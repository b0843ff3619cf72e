package movegen

// Zobrist keys: one random number per (piece, square), castling-rights set,
// en-passant file and side to move. A position's key is the XOR of the
// numbers of its features, kept up to date incrementally by Make.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEPFile   [8]uint64
	zobristSide     uint64
)

// splitMix64 is a fixed-seed generator so keys, and so bench signatures, are
// the same in every build and run.
type splitMix64 uint64

func (s *splitMix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

func init() {
	seed := splitMix64(0x7E57E57)
	for pc := range zobristPiece {
		for sq := range zobristPiece[pc] {
			zobristPiece[pc][sq] = seed.next()
		}
	}
	// Castling keys are the XOR of one key per right, so a set of rights
	// hashes the same however it was reached.
	var perRight [4]uint64
	for i := range perRight {
		perRight[i] = seed.next()
	}
	for set := range zobristCastling {
		for i := range perRight {
			if set>>i&1 != 0 {
				zobristCastling[set] ^= perRight[i]
			}
		}
	}
	for f := range zobristEPFile {
		zobristEPFile[f] = seed.next()
	}
	zobristSide = seed.next()
}
