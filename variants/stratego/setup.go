package stratego

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"tempest/internal/quote"
)

// Setup is one side's starting arrangement: the kind on each square of its
// home zone, in the order the zone is written (Volcandria a3..j3, a2..j2,
// a1..j1; Everwinter a8..j8, a7..j7, a6..j6).
type Setup [ArmySize]Kind

// Square is the home-zone square of entry i for side s.
func SetupSquare(s Side, i int) Square { return homeOrder[s][i] }

// DefaultSetup is a side's arrangement in the §3.1 start position.
func DefaultSetup(s Side) Setup {
	p, _ := ParsePosition(StartPosition)
	var st Setup
	for i, sq := range homeOrder[s] {
		st[i] = p.board[sq].Kind()
	}
	return st
}

// String writes the arrangement as its three placement rows, as they
// appear in a position string (Volcandria "rank3/rank2/rank1", Everwinter
// "rank8/rank7/rank6").
func (st Setup) String(s Side) string {
	var b strings.Builder
	for i, k := range st {
		if i > 0 && i%files == 0 {
			b.WriteByte('/')
		}
		b.WriteByte(k.Letter(s))
	}
	return b.String()
}

// ParseSetup reads a side's arrangement written as by String: three rows
// of ten letters holding exactly the army of §2.
func ParseSetup(s Side, text string) (Setup, error) {
	var st Setup
	rows := strings.Split(text, "/")
	if len(rows) != 3 {
		return st, posErr("setup", "%q has %d rows, want the 3 rows of %s's home zone", quote.Truncate(text, 40), len(rows), s)
	}
	var count [numKinds]int
	for r, row := range rows {
		if len(row) != files {
			return st, posErr("setup", "row %d (%q) has %d letters, want 10", r+1, quote.Truncate(row, 20), len(row))
		}
		for f := 0; f < files; f++ {
			k, side, ok := kindOfLetter(row[f])
			switch {
			case !ok || k == Unknown:
				return st, posErr("setup", "%q in row %d is not a piece letter", row[f], r+1)
			case side != s:
				return st, posErr("setup", "%q in row %d is a %s piece, but this is %s's setup", row[f], r+1, side, s)
			}
			st[r*files+f] = k
			count[k]++
		}
	}
	for k := Flag; k <= Trap; k++ {
		if count[k] != Army[k] {
			return st, posErr("setup", "%d %s(s), but an army has %d", count[k], k.Name(s), Army[k])
		}
	}
	return st, nil
}

// NewStart builds the starting position from both arrangements.
func NewStart(v, e Setup, toMove Side) *Position {
	p := &Position{trigger: [2]int8{noTrigger, noTrigger}, stm: toMove}
	for i := range v {
		p.board[homeOrder[Volcandria][i]] = MakePiece(v[i], Volcandria)
		p.board[homeOrder[Everwinter][i]] = MakePiece(e[i], Everwinter)
	}
	p.rebuild()
	return p
}

// RandomSetup deals a side's army onto its home zone uniformly at random:
// legal, but with no plan (a weak opponent's setup, for matches).
func RandomSetup(rng *rand.Rand) Setup {
	var st Setup
	i := 0
	for k := Flag; k <= Trap; k++ {
		for n := 0; n < Army[k]; n++ {
			st[i] = k
			i++
		}
	}
	rng.Shuffle(len(st), func(a, b int) { st[a], st[b] = st[b], st[a] })
	return st
}

// GenerateSetup answers the setup command: a varied but sensible
// arrangement drawn from rng.
//
//  1. The Flag goes on the back row, at a corner or edge more often than in
//     the middle (fewer neighbours to guard).
//  2. Traps fill every home square next to the Flag; the other Traps go on
//     the two back rows or on the front squares facing the lakes, never on
//     the open front squares (files a, b, e, f, i, j), so the army can
//     always get out.
//  3. The movable pieces follow, strongest first, each on a free square
//     drawn with weights by row: Scouts lean to the front row (cheap
//     scouting), Dwarfs to the rear (kept for the Traps of the endgame),
//     the Dragon, Mage, Knights and Beast Riders to the front and middle,
//     the Slayer to the middle (near the action but not exposed).
func GenerateSetup(s Side, rng *rand.Rand) Setup {
	// board is indexed row*10+file with row 0 the front row (rank 3 or 6),
	// 1 the middle and 2 the back row.
	var board [ArmySize]Kind
	flagFile := pickWeighted(rng, []int{4, 2, 1, 1, 1, 1, 1, 1, 2, 4})
	board[2*files+flagFile] = Flag
	traps := 0
	guard := func(row, file int) {
		if file >= 0 && file < files {
			board[row*files+file] = Trap
			traps++
		}
	}
	guard(2, flagFile-1)
	guard(2, flagFile+1)
	guard(1, flagFile)
	// The rest of the Traps: rear rows or the front squares facing lakes.
	var spots []int
	for i := range board {
		f, row := i%files, i/files
		if board[i] == NoKind && (row > 0 || f == 2 || f == 3 || f == 6 || f == 7) {
			spots = append(spots, i)
		}
	}
	rng.Shuffle(len(spots), func(a, b int) { spots[a], spots[b] = spots[b], spots[a] })
	for _, i := range spots[:Army[Trap]-traps] {
		board[i] = Trap
	}
	for k := Dragon; k >= Slayer; k-- {
		for n := 0; n < Army[k]; n++ {
			var free, weights []int
			for i := range board {
				if board[i] == NoKind {
					free = append(free, i)
					weights = append(weights, setupRowWeight(k, i/files))
				}
			}
			board[free[pickWeighted(rng, weights)]] = k
		}
	}
	var st Setup
	for i, k := range board {
		row, f := i/files, i%files
		if s == Everwinter {
			row = 2 - row // Everwinter's zone is written from its back row
		}
		st[row*files+f] = k
	}
	return st
}

// setupRowWeight is how much a kind leans to a row (0 front, 1 middle, 2 back).
func setupRowWeight(k Kind, row int) int {
	var w [3]int
	switch k {
	case Scout:
		w = [3]int{5, 2, 1}
	case Dwarf:
		w = [3]int{1, 3, 3}
	case Dragon, Mage:
		w = [3]int{3, 3, 1}
	case Knight, Rider:
		w = [3]int{3, 2, 1}
	case Slayer:
		w = [3]int{1, 3, 2}
	default:
		w = [3]int{2, 2, 2}
	}
	return w[row]
}

func pickWeighted(rng *rand.Rand, weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := rng.IntN(total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

// ParseSetupSide reads "v" or "e" (or a side's name).
func ParseSetupSide(text string) (Side, error) {
	switch strings.ToLower(text) {
	case "v", "volcandria":
		return Volcandria, nil
	case "e", "everwinter":
		return Everwinter, nil
	}
	return 0, fmt.Errorf("the side is v (Volcandria) or e (Everwinter), not %q", quote.Truncate(text, 20))
}

//go:generate go run ./internal/setupgen -o setup_gen.go

// SetupShare is the share of GenerateSetup's arrangements for side s that
// put kind k on sq (0 off s's home zone), counted once over fixed draws
// (setup_gen.go): what a piece's starting square tells about it when its
// side arranges its army as Tempest does.
func SetupShare(s Side, sq Square, k Kind) float64 {
	if s > Everwinter || k >= Unknown {
		return 0
	}
	for i, h := range homeOrder[s] {
		if h == sq {
			return float64(setupCounts[s][i][k]) / setupDraws
		}
	}
	return 0
}
