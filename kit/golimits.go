package kit

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"tempest/internal/quote"
)

// Bounds a "go" value is clamped to. A GUI may send any number; the search
// gets one it can use, and a note says what was changed.
const (
	MaxGoDepth  = 127     // the deepest any game's search goes
	maxGoMillis = 1 << 40 // about 35 years: longer than any game
)

// GoParams is a "go" command as read: the limits (searchmoves as the
// tokens sent; each game parses its own), and the notes about parameters
// that were clamped or ignored, for info strings. Reading never fails,
// because a GUI that sent "go" waits for exactly one bestmove whatever it
// sent.
type GoParams struct {
	Limits Limits[string]
	Notes  []string
	// Given marks the players whose clock was given (GoClocks says which
	// words name whose).
	Given [MaxPlayers]bool
	// Extras holds the game's own words with one argument (Chameleon's
	// "algorithm"), as ParseGo was asked for them.
	Extras map[string]string
}

// Note adds a note about the parameters.
func (g *GoParams) Note(format string, args ...any) {
	g.Notes = append(g.Notes, fmt.Sprintf(format, args...))
}

// Choice reads the two-valued extra word: true when it names alt; false
// when it is absent or names def, or names neither, which is noted.
func (g *GoParams) Choice(word, def, alt string) bool { return g.Pick(word, def, alt) == 1 }

// Pick reads an extra word with a fixed set of values (at least one), the
// first the default: the index of the value it names, 0 when it is absent
// or names none of them, which is noted.
func (g *GoParams) Pick(word string, values ...string) int {
	v, ok := g.Extras[word]
	if !ok {
		return 0
	}
	if i := slices.Index(values, v); i >= 0 {
		return i
	}
	quoted := make([]string, len(values))
	for i, s := range values {
		quoted[i] = strconv.Quote(s)
	}
	list := quoted[len(quoted)-1]
	if len(quoted) > 1 {
		list = strings.Join(quoted[:len(quoted)-1], ", ") + " or " + list
	}
	g.Note("go %s %q is not %s; using %s", word, quote.Truncate(v, 20), list, values[0])
	return 0
}

// goNumberKeys are the parameters followed by a number.
var goNumberKeys = map[string]bool{"wtime": true, "btime": true, "winc": true, "binc": true, "time": true,
	"inc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true}

// IsGoKeyword reports a word that starts a "go" parameter.
func IsGoKeyword(s string) bool {
	return goNumberKeys[s] || s == "infinite" || s == "ponder" || s == "searchmoves"
}

// GoClocks says how a game's "go" words name its players' clocks.
type GoClocks int

const (
	// ColourClocks, for two-player games: wtime/winc are player 0's clock,
	// btime/binc player 1's, time/inc the mover's.
	ColourClocks GoClocks = iota
	// MoverClock, for a game of up to four players, which has no white and
	// black: time/inc is the mover's clock, and the wtime/btime
	// (winc/binc) a two-player frontend sends are the mover's too: one of
	// them alone, or with both the smaller, since spending too little is
	// safer than losing on time. Given with time/inc they are ignored,
	// with a note.
	MoverClock
)

// ParseGo reads the "go" parameters for a game whose mover is player us,
// its clocks named as clocks says. extra names a game's own words with one
// argument, returned in Extras. Every number is checked: a missing or
// malformed one is ignored, a negative, zero or huge one clamped, and
// each such change is noted. When every limit the client gave was
// unusable, the search gets one second; when only another player's clock
// was given, the mover's is 100 ms.
func ParseGo(args []string, us int, clocks GoClocks, extra ...string) GoParams {
	var g GoParams
	if clocks == MoverClock {
		g = parseMoverGo(args, us, extra)
	} else {
		g = parseGo(args, us, extra)
	}
	if len(g.Notes) > 0 && !g.bounded() {
		// Every limit the client meant to give was ignored: a search
		// without limits would run until "stop", which a client that
		// sent a limit will not send.
		g.Limits.MoveTime = DefaultGoTime
		g.Note("go: no usable limit left; searching for %d ms", DefaultGoTime.Milliseconds())
	}
	if g.Limits.Clock && !g.Given[us] {
		// A GUI that sends only the opponent's clock gets a very short
		// search.
		g.Limits.Time[us] = 100 * time.Millisecond
		g.Note("go: no clock given for the side to move; using 100 ms")
	}
	return g
}

// colourClockWords name a two-player game's clocks.
var colourClockWords = map[string]bool{"wtime": true, "btime": true, "winc": true, "binc": true}

// parseMoverGo reads "go" for a MoverClock game: as a two-player game's
// first player, then every clock moved to the mover's.
func parseMoverGo(args []string, us int, extra []string) GoParams {
	viaTime, viaColour := false, false
	for _, a := range args {
		viaTime = viaTime || a == "time" || a == "inc"
		viaColour = viaColour || colourClockWords[a]
	}
	if viaTime && viaColour {
		// Both forms name the same clock: keep the one meant for this game.
		kept := make([]string, 0, len(args))
		for i := 0; i < len(args); i++ {
			if colourClockWords[args[i]] {
				if i+1 < len(args) && !IsGoKeyword(args[i+1]) && !slices.Contains(extra, args[i+1]) {
					i++ // its value
				}
				continue
			}
			kept = append(kept, args[i])
		}
		args = kept
	}
	g := parseGo(args, 0, extra) // time/inc and wtime/winc fill clock 0, btime/binc clock 1
	if viaTime && viaColour {
		g.Note("go: the mover's clock was given both as time/inc and as wtime/btime; using time/inc")
	}
	clock := 0
	if g.Given[1] && (!g.Given[0] || g.Limits.Time[1] < g.Limits.Time[0]) {
		clock = 1
	}
	t, inc, given := g.Limits.Time[clock], g.Limits.Inc[clock], g.Given[clock]
	g.Limits.Time, g.Limits.Inc, g.Given = [MaxPlayers]time.Duration{}, [MaxPlayers]time.Duration{}, [MaxPlayers]bool{}
	g.Limits.Time[us], g.Limits.Inc[us], g.Given[us] = t, inc, given
	return g
}

// Unending reports whether a search of these "go" parameters may run until
// it is told to stop: no depth, node, time or clock limit ends it ("go"
// alone, searchmoves, mate, infinite, ponder). A game's own words read as
// unknown words here, which set no limit, so the answer holds in every
// game; limits that were all unusable count as none.
func Unending(args []string) bool {
	g := parseGo(args, 0, nil)
	l := &g.Limits
	return l.Infinite || l.Ponder || !(l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Clock)
}

// parseGo is ParseGo for ColourClocks without its fallbacks.
func parseGo(args []string, us int, extra []string) GoParams {
	g := GoParams{Extras: map[string]string{}}
	var clockOnly []string // increments and movestogo, which only shape a clock
	isExtra := func(s string) bool {
		for _, e := range extra {
			if s == e {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "infinite":
			g.Limits.Infinite = true
		case a == "ponder":
			g.Limits.Ponder = true
		case a == "searchmoves":
			for i+1 < len(args) && !IsGoKeyword(args[i+1]) && !isExtra(args[i+1]) {
				g.Limits.SearchMoves = append(g.Limits.SearchMoves, args[i+1])
				i++
			}
		case isExtra(a):
			if i+1 >= len(args) || IsGoKeyword(args[i+1]) {
				g.Note("go %s needs a value; ignored", a)
				continue
			}
			g.Extras[a] = args[i+1]
			i++
		case goNumberKeys[a]:
			if i+1 >= len(args) || IsGoKeyword(args[i+1]) || isExtra(args[i+1]) {
				g.Note("go %s needs a number; ignored", a)
				continue
			}
			i++
			n, ok := g.number(a, args[i])
			if !ok {
				continue
			}
			g.set(a, n, us)
			if a == "winc" || a == "binc" || a == "inc" || a == "movestogo" {
				clockOnly = append(clockOnly, a)
			}
		default:
			g.Note("go: unknown parameter %q ignored", quote.Truncate(a, 20))
		}
	}
	if len(clockOnly) > 0 && !g.Limits.Clock {
		// Without a clock they limit nothing; the note makes ParseGo give
		// the search its one second instead of letting it run until stop.
		g.Note("go %s without a clock (wtime, btime or time) sets no limit; ignored", strings.Join(clockOnly, ", "))
		g.Limits.Inc, g.Limits.MovesToGo = [MaxPlayers]time.Duration{}, 0
	}
	return g
}

// DefaultGoTime bounds a "go" whose limits were all unusable.
const DefaultGoTime = time.Second

// bounded reports whether the search has a limit or waits for the GUI.
func (g *GoParams) bounded() bool {
	l := &g.Limits
	return l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Clock || l.Mate > 0 || l.Infinite || l.Ponder
}

// clockOf is the player whose clock a clock word names: w for player 0,
// b for player 1, none for the mover.
func clockOf(word string, us int) int {
	switch word[0] {
	case 'w':
		return 0
	case 'b':
		return 1
	}
	return us
}

// number reads a go value. Beyond int64 it counts as huge; a value that is
// not a number is ignored.
func (g *GoParams) number(name, word string) (int64, bool) {
	n, err := strconv.ParseInt(word, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		if len(word) > 0 && word[0] == '-' {
			return -1 << 62, true
		}
		return 1 << 62, true
	}
	if err != nil {
		g.Note("go %s needs a number, not %q; ignored", name, quote.Truncate(word, 20))
		return 0, false
	}
	return n, true
}

// set applies one numeric parameter, clamping it into its usable range.
func (g *GoParams) set(name string, n int64, us int) {
	clamp := func(lo, hi int64, why string) int64 {
		if c := min(max(n, lo), hi); c != n {
			g.Note("go %s %d %s; using %d", name, n, why, c)
			return c
		}
		return n
	}
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	switch name {
	case "wtime", "btime", "time":
		// A negative clock is a GUI's way of saying the time is up:
		// move at once.
		c := clockOf(name, us)
		g.Limits.Time[c], g.Limits.Clock = ms(clamp(0, maxGoMillis, "is out of range")), true
		g.Given[c] = true
	case "winc", "binc", "inc":
		g.Limits.Inc[clockOf(name, us)] = ms(clamp(0, maxGoMillis, "is out of range"))
	case "movestogo":
		if n <= 0 {
			g.Note("go movestogo %d is not positive; ignored", n)
			return
		}
		g.Limits.MovesToGo = int(min(n, 1<<20))
	case "depth":
		g.Limits.Depth = int(clamp(1, MaxGoDepth, "is out of range"))
	case "nodes":
		g.Limits.Nodes = uint64(clamp(1, 1<<62, "is out of range"))
	case "mate":
		g.Limits.Mate = int(clamp(1, MaxGoDepth/2, "is out of range"))
	case "movetime":
		g.Limits.MoveTime = ms(clamp(1, maxGoMillis, "is out of range"))
	}
}
