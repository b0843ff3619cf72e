package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"tempest/movegen"
	"tempest/search"
)

// Bounds a "go" value is clamped to. A GUI may send any number; the search
// gets one it can use, and an info string says what was changed.
const (
	maxGoDepth  = search.MaxPly - 1
	maxGoMillis = 1 << 40 // about 35 years: longer than any game
)

// goParams is a "go" command as read: the limits, and the notes about
// parameters that were clamped or ignored. Reading never fails, because a
// GUI that sent "go" waits for exactly one bestmove whatever it sent.
type goParams struct {
	lim   search.Limits
	notes []string
	// searchMoves are the tokens after "searchmoves"; each game parses
	// its own (chess does it in parseGo).
	searchMoves []string
	given       [2]bool // a clock was given for White (wtime, or time when us is White) and Black
}

func (g *goParams) note(format string, args ...any) {
	g.notes = append(g.notes, fmt.Sprintf(format, args...))
}

// goNumberKeys are the parameters followed by a number.
var goNumberKeys = map[string]bool{"wtime": true, "btime": true, "winc": true, "binc": true, "time": true,
	"inc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true}

// isGoKeyword reports a word that starts a "go" parameter.
func isGoKeyword(s string) bool {
	return goNumberKeys[s] || s == "infinite" || s == "ponder" || s == "searchmoves"
}

// parseGo reads the "go" parameters for the game whose mover is us ("time"
// and "inc", for games of more than two players, are the mover's clock).
// extra names game-specific words with one argument (such as Chameleon's
// "algorithm"); they are returned in the map. Every number is checked: a missing or malformed one is
// ignored, a negative, zero or huge one clamped, and each such change is a
// note for an info string.
func parseGo(args []string, us movegen.Color, extra ...string) (goParams, map[string]string) {
	var g goParams
	extras := map[string]string{}
	isExtra := func(s string) bool {
		for _, e := range extra {
			if s == e {
				return true
			}
		}
		return false
	}
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "infinite":
			g.lim.Infinite = true
		case a == "ponder":
			g.lim.Ponder = true
		case a == "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) && !isExtra(args[i+1]) {
				g.searchMoves = append(g.searchMoves, args[i+1])
				i++
			}
		case isExtra(a):
			if i+1 >= len(args) || isGoKeyword(args[i+1]) {
				g.note("go %s needs a value; ignored", a)
				continue
			}
			extras[a] = args[i+1]
			i++
		case goNumberKeys[a]:
			if i+1 >= len(args) || isGoKeyword(args[i+1]) || isExtra(args[i+1]) {
				g.note("go %s needs a number; ignored", a)
				continue
			}
			i++
			n, ok := g.number(a, args[i])
			if !ok {
				continue
			}
			g.set(a, n, us, ms)
		default:
			g.note("go: unknown parameter %q ignored", truncate(a, 20))
		}
	}
	if len(g.notes) > 0 && !g.bounded() {
		// Every limit the client meant to give was ignored: a search
		// without limits would run until "stop", which a client that
		// sent a limit will not send.
		g.lim.MoveTime = defaultGoTime
		g.note("go: no usable limit left; searching for %d ms", defaultGoTime.Milliseconds())
	}
	return g, extras
}

// defaultGoTime bounds a "go" whose limits were all unusable.
const defaultGoTime = time.Second

// bounded reports whether the search has a limit or waits for the GUI.
func (g *goParams) bounded() bool {
	l := &g.lim
	return l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Clock || l.Mate > 0 || l.Infinite || l.Ponder
}

// ownClock makes sure a search on a clock has the mover's: a GUI that sends
// only the opponent's clock gets a very short search.
func (g *goParams) ownClock(us movegen.Color) {
	if g.lim.Clock && !g.given[us] {
		g.lim.Time[us] = 100 * time.Millisecond
		g.note("go: no clock given for the side to move; using 100 ms")
	}
}

// number reads a go value. Beyond int64 it counts as huge; a value that is
// not a number is ignored.
func (g *goParams) number(name, text string) (int64, bool) {
	n, err := strconv.ParseInt(text, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		if len(text) > 0 && text[0] == '-' {
			return -1 << 62, true
		}
		return 1 << 62, true
	}
	if err != nil {
		g.note("go %s needs a number, not %q; ignored", name, truncate(text, 20))
		return 0, false
	}
	return n, true
}

// set applies one numeric parameter, clamping it into its usable range.
func (g *goParams) set(name string, n int64, us movegen.Color, ms func(int64) time.Duration) {
	clamp := func(lo, hi int64, why string) int64 {
		if c := min(max(n, lo), hi); c != n {
			g.note("go %s %d %s; using %d", name, n, why, c)
			return c
		}
		return n
	}
	switch name {
	case "wtime", "btime", "time":
		// A negative clock is a GUI's way of saying the time is up:
		// move at once.
		t := ms(clamp(0, maxGoMillis, "is out of range"))
		c := movegen.White
		if name == "btime" || (name == "time" && us == movegen.Black) {
			c = movegen.Black
		}
		g.lim.Time[c], g.lim.Clock = t, true
		g.given[c] = true
	case "winc", "binc", "inc":
		t := ms(clamp(0, maxGoMillis, "is out of range"))
		c := movegen.White
		if name == "binc" || (name == "inc" && us == movegen.Black) {
			c = movegen.Black
		}
		g.lim.Inc[c] = t
	case "movestogo":
		if n <= 0 {
			g.note("go movestogo %d is not positive; ignored", n)
			return
		}
		g.lim.MovesToGo = int(min(n, 1<<20))
	case "depth":
		g.lim.Depth = int(clamp(1, maxGoDepth, "is out of range"))
	case "nodes":
		g.lim.Nodes = uint64(clamp(1, 1<<62, "is out of range"))
	case "mate":
		g.lim.Mate = int(clamp(1, maxGoDepth/2, "is out of range"))
	case "movetime":
		g.lim.MoveTime = ms(clamp(1, maxGoMillis, "is out of range"))
	}
}

// chessSearchMoves resolves searchmoves tokens in a chess position; tokens
// that are not legal moves there are ignored with a note, and when none is
// left the whole root is searched.
func (g *goParams) chessSearchMoves(pos *movegen.Position, chess960 bool) {
	for _, tok := range g.searchMoves {
		m, err := pos.ParseUCIMove(tok, chess960)
		if err != nil {
			g.note("go searchmoves: %v; ignored", err)
			continue
		}
		g.lim.SearchMoves = append(g.lim.SearchMoves, m)
	}
	if len(g.searchMoves) > 0 && len(g.lim.SearchMoves) == 0 {
		g.note("go searchmoves: no legal move given; searching every move")
	}
}
