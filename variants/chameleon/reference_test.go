package chameleon

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A second, deliberately plain implementation of the rules, written from the
// text of §3-§5 with coordinates and loops instead of bitboards, magic
// attack tables and incremental keys. Perft and random games must agree
// with the real one move by move.

type refPawn struct {
	owner, knight int // colour numbers; owner -1 for an empty square
}

type refPos struct {
	sq                     [8][8]refPawn // [file][rank]
	fLo, rLo, fHi, rHi     int
	toMove, quiet, plyDone int
}

func refFrom(p *Position) refPos {
	var r refPos
	for f := 0; f < 8; f++ {
		for k := 0; k < 8; k++ {
			r.sq[f][k].owner = -1
		}
	}
	for s := Square(0); s < 64; s++ {
		if pc := p.At(s); pc != NoPawn {
			r.sq[s.File()][s.Rank()] = refPawn{int(pc.Owner()), int(pc.Knight())}
		}
	}
	b := p.Bounds()
	r.fLo, r.rLo, r.fHi, r.rHi = int(b.FileLo), int(b.RankLo), int(b.FileHi), int(b.RankHi)
	r.toMove, r.quiet, r.plyDone = int(p.ToMove()), p.QuietPlies(), p.Ply()
	return r
}

// field reads the colour table of §2.1 directly.
func refField(f, k int) int {
	c, _ := ColorFromLetter(fieldRows[7-k][f] | 0x20)
	return int(c)
}

func (r *refPos) in(f, k int) bool { return f >= r.fLo && f <= r.fHi && k >= r.rLo && k <= r.rHi }

func (r *refPos) players() (n int, alive [4]bool) {
	for f := 0; f < 8; f++ {
		for k := 0; k < 8; k++ {
			if o := r.sq[f][k].owner; o >= 0 {
				alive[o] = true
			}
		}
	}
	for _, a := range alive {
		if a {
			n++
		}
	}
	return n, alive
}

// moves lists [from file, from rank, to file, to rank] for player c.
func (r *refPos) moves(c int) [][4]int {
	var out [][4]int
	for f := 0; f < 8; f++ {
		for k := 0; k < 8; k++ {
			pc := r.sq[f][k]
			if pc.owner != c {
				continue
			}
			role := []string{"N", "Q", "B", "R"}[((refField(f, k)-pc.knight)%4+4)%4]
			var dirs [][2]int
			switch role {
			case "N":
				for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
					tf, tk := f+d[0], k+d[1]
					if r.in(tf, tk) && r.sq[tf][tk].owner != c {
						out = append(out, [4]int{f, k, tf, tk})
					}
				}
				continue
			case "B":
				dirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
			case "R":
				dirs = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
			case "Q":
				dirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}}
			}
			for _, d := range dirs {
				for tf, tk := f+d[0], k+d[1]; r.in(tf, tk); tf, tk = tf+d[0], tk+d[1] {
					if o := r.sq[tf][tk].owner; o == c {
						break
					} else if o >= 0 {
						out = append(out, [4]int{f, k, tf, tk})
						break
					}
					out = append(out, [4]int{f, k, tf, tk})
				}
			}
		}
	}
	return out
}

// refWiden grows [lo, hi] to 3 lines inside [plo, phi]; first says which
// side comes first (+1 the higher number, -1 the lower).
func refWiden(lo, hi, plo, phi, first int) (int, int) {
	side := first
	for hi-lo < 2 {
		if side > 0 && hi < phi {
			hi++
		} else if side < 0 && lo > plo {
			lo--
		}
		side = -side
	}
	return lo, hi
}

func (r *refPos) play(mv [4]int) {
	r.plyDone++
	pc := r.sq[mv[0]][mv[1]]
	progress := r.sq[mv[2]][mv[3]].owner >= 0
	r.sq[mv[2]][mv[3]] = pc
	r.sq[mv[0]][mv[1]] = refPawn{owner: -1}
	if !(r.fHi-r.fLo == 2 && r.rHi-r.rLo == 2) {
		fLo, rLo, fHi, rHi := 8, 8, -1, -1
		for f := 0; f < 8; f++ {
			for k := 0; k < 8; k++ {
				if r.sq[f][k].owner >= 0 {
					fLo, fHi, rLo, rHi = min(fLo, f), max(fHi, f), min(rLo, k), max(rHi, k)
				}
			}
		}
		// Files: high index = towards h; ranks: the array's high index is rank 1.
		fLo, fHi = refWiden(fLo, fHi, r.fLo, r.fHi, +1)
		rLo, rHi = refWiden(rLo, rHi, r.rLo, r.rHi, -1)
		if fLo != r.fLo || fHi != r.fHi || rLo != r.rLo || rHi != r.rHi {
			progress = true
		}
		r.fLo, r.fHi, r.rLo, r.rHi = fLo, fHi, rLo, rHi
	}
	if r.fHi-r.fLo == 2 && r.rHi-r.rLo == 2 {
		cf, ck := r.fLo+1, r.rLo+1
		c := r.sq[cf][ck]
		if n, _ := r.players(); n >= 2 && c.owner >= 0 && (refField(cf, ck)-c.knight+4)%4 == 0 {
			r.sq[cf][ck] = refPawn{owner: -1}
			progress = true
		}
	}
	if progress {
		r.quiet = 0
	} else {
		r.quiet++
	}
	_, alive := r.players()
	order := []int{0, 3, 2, 1} // red, blue, yellow, green
	at := 0
	for i, c := range order {
		if c == pc.owner {
			at = i
		}
	}
	for i := 1; i <= 4; i++ {
		if c := order[(at+i)%4]; alive[c] {
			r.toMove = c
			break
		}
	}
}

func (r *refPos) pass() {
	r.plyDone++
	r.quiet++
	_, alive := r.players()
	for c := (r.toMove + 3) % 4; ; c = (c + 3) % 4 {
		if alive[c] {
			r.toMove = c
			return
		}
	}
}

func (r *refPos) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if n, _ := r.players(); n <= 1 || r.quiet >= QuietLimit {
		return 0
	}
	moves := r.moves(r.toMove)
	if len(moves) == 0 {
		_, alive := r.players()
		stuck := true
		for c := 0; c < 4; c++ {
			if alive[c] && len(r.moves(c)) > 0 {
				stuck = false
			}
		}
		if stuck {
			return 0
		}
		child := *r
		child.pass()
		return child.perft(depth - 1)
	}
	var n uint64
	for _, m := range moves {
		child := *r
		child.play(m)
		n += child.perft(depth - 1)
	}
	return n
}

func refToken(m [4]int) string {
	return string([]byte{byte('a' + m[0]), byte('1' + m[1]), byte('a' + m[2]), byte('1' + m[3])})
}

var referencePositions = []string{
	start4,
	"a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0",
	"a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0",
	"d2g5 g5yg,e4yr,d2gb,g2gr g 0 0",
	"a1h4 h4gr,b3bb,h3gb,h2gy,a1rr,h1gg r 0 0",
	"c3f6 f6yb,c5bb,e5rg,d4gy,f4rr,c3gg r 0 0",
	"b2e5 e5yr,b4br,c4rg,d3ry,b2gg,e2gb b 3 12",
}

// TestPerftAgainstReference: both implementations count the same.
func TestPerftAgainstReference(t *testing.T) {
	for _, s := range referencePositions {
		p := parse(t, s)
		r := refFrom(p)
		depth := 4
		if testing.Short() {
			depth = 3
		}
		for d := 1; d <= depth; d++ {
			require.Equal(t, r.perft(d), perftCount(t, p, d), "%s depth %d", s, d)
		}
	}
}

// TestRandomGamesAgainstReference plays random games with both
// implementations side by side: the same legal moves, the same position
// after every move, keys kept incrementally equal to keys from scratch, and
// every position written and read back unchanged.
func TestRandomGamesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games := 300
	if testing.Short() {
		games = 50
	}
	ended := map[string]int{}
	for i := 0; i < games; i++ {
		set := uint8(0)
		for set == 0 || set&(set-1) == 0 {
			set = uint8(rng.IntN(16))
		}
		p, err := StartPosition(set)
		require.NoError(t, err)
		g := NewGame(p)
		for !g.Status().Over {
			r := refFrom(g.Pos())
			var want []string
			for _, m := range r.moves(r.toMove) {
				want = append(want, refToken(m))
			}
			if len(want) == 0 {
				want = []string{"0000"}
			}
			sort.Strings(want)
			legal := g.Legal()
			require.Equal(t, want, legal, g.Position())
			tok := legal[rng.IntN(len(legal))]
			if tok == "0000" {
				r.pass()
			} else {
				sq := func(s string) (int, int) { return int(s[0] - 'a'), int(s[1] - '1') }
				ff, fk := sq(tok[:2])
				tf, tk := sq(tok[2:])
				r.play([4]int{ff, fk, tf, tk})
			}
			_, err := g.Play(tok)
			require.NoError(t, err)
			require.Equal(t, r, refFrom(g.Pos()), "after %s from %v", tok, g.Actions())
			require.Equal(t, g.Pos().computeKey(), g.Pos().Key())
			back, err := ParsePosition(g.Position())
			require.NoError(t, err, g.Position())
			require.Equal(t, g.Position(), back.String())
		}
		ended[g.Status().Reason]++
	}
	t.Logf("endings: %v", ended)
	assert.Positive(t, ended[ReasonLastStanding])
}
