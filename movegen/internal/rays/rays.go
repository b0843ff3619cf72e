// Package rays computes slider attacks the slow, obvious way. The engine
// uses it once to fill its magic tables; the magic generator uses it to find
// the multipliers; tests use it as the reference for the fast lookups.
package rays

// Direction is a step as (file delta, rank delta).
type Direction [2]int

var (
	Rook   = [4]Direction{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	Bishop = [4]Direction{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// Attacks walks each direction from sq until the edge or the first occupied square (included).
func Attacks(sq int, occupied uint64, dirs [4]Direction) uint64 {
	var att uint64
	f0, r0 := sq%8, sq/8
	for _, d := range dirs {
		for f, r := f0+d[0], r0+d[1]; onBoard(f, r); f, r = f+d[0], r+d[1] {
			att |= 1 << uint(r*8+f)
			if occupied>>uint(r*8+f)&1 != 0 {
				break
			}
		}
	}
	return att
}

// RelevantMask is the set of squares whose occupancy changes the attacks from
// sq: every ray square except the last one before the edge.
func RelevantMask(sq int, dirs [4]Direction) uint64 {
	var m uint64
	f0, r0 := sq%8, sq/8
	for _, d := range dirs {
		for f, r := f0+d[0], r0+d[1]; onBoard(f+d[0], r+d[1]); f, r = f+d[0], r+d[1] {
			m |= 1 << uint(r*8+f)
		}
	}
	return m
}
