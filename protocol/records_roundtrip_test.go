package protocol

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tempest/rules"
	"tempest/variants/chameleon"
	"tempest/variants/chessmate"
)

// driver runs commands on one session and returns what each printed; one
// session serves many games, so a property test stays fast.
type driver struct {
	t   *testing.T
	s   *Session
	out *bytes.Buffer
}

func newDriver(t *testing.T) *driver {
	out := &bytes.Buffer{}
	return &driver{t: t, s: NewSession(out), out: out}
}

func (d *driver) do(lines ...string) string {
	d.out.Reset()
	for _, l := range lines {
		d.s.Execute(l)
	}
	return d.out.String()
}

// load sends a record with loadpgn and returns the output.
func (d *driver) load(text string) string {
	lines := append([]string{"loadpgn"}, strings.Split(strings.TrimRight(text, "\n"), "\n")...)
	return d.do(append(lines, "endpgn")...)
}

// record returns the text between "pgn begin" and "pgn end".
func (d *driver) record() string {
	d.t.Helper()
	out := d.do("pgn")
	start, end := strings.Index(out, "pgn begin\n"), strings.Index(out, "pgn end\n")
	require.True(d.t, start >= 0 && end > start, out)
	return out[start+len("pgn begin\n") : end]
}

// recordGame is a random game of one variant and everything the session
// said about it.
type recordGame struct {
	variant string
	text    string   // its record, as pgn wrote it
	state   string   // the state lines
	history string   // the history lines
	moves   int      // its actions
	players []string // who may be named winner: the letters of players with pawns (Chameleon), else the two results
}

// randomGame plays a random game of the session's variant from setup
// ("position ...") for at most maxPlies actions.
func (d *driver) randomGame(rng *rand.Rand, variant, setup string, maxPlies int) recordGame {
	d.t.Helper()
	out := d.do(setup)
	require.NotContains(d.t, out, "error", setup)
	for ply := 0; ply < maxPlies; ply++ {
		legal := strings.Fields(d.do("legalmoves"))[1:]
		if len(legal) == 0 {
			break
		}
		out := d.do("play " + legal[rng.IntN(len(legal))])
		require.True(d.t, strings.HasPrefix(out, "played "), out)
	}
	if variant == chessmate.Name {
		d.addDrawSuffixes(rng)
	}
	g := recordGame{variant: variant, text: d.record(), state: d.do("state"), history: d.do("history")}
	g.moves = len(strings.Fields(lineWith(d.t, g.history, "history moves"))) - 2
	if variant == chameleon.Name {
		g.players = chameleonPlayers(lineWith(d.t, g.state, "state position "))
	}
	return g
}

// addDrawSuffixes replays the card-chess game with the card each action
// drew written as its @ suffix (rules §11) on a random half of them, so
// records carry suffixes.
func (d *driver) addDrawSuffixes(rng *rand.Rand) {
	d.t.Helper()
	history := d.do("history")
	start := strings.TrimPrefix(lineWith(d.t, history, "history start "), "history start ")
	tokens := strings.Fields(lineWith(d.t, history, "history moves"))[2:]
	d.do("position fen " + start)
	var suffixed []string
	for _, tok := range tokens {
		out := d.do("play " + tok)
		if i := strings.Index(out, "drew "); i >= 0 && rng.IntN(2) == 0 {
			tok += "@" + out[i+5:i+7]
		}
		suffixed = append(suffixed, tok)
	}
	out := d.do("position fen " + start + " moves " + strings.Join(suffixed, " "))
	require.NotContains(d.t, out, "error", "suffixed replay %v", suffixed)
}

// chameleonPlayers lists the colours with pawns in a position string.
func chameleonPlayers(stateLine string) []string {
	f := strings.Fields(stateLine)
	var letters []string
	for _, c := range "rbyg" {
		for _, pawn := range strings.Split(f[3], ",") {
			if len(pawn) == 4 && rune(pawn[2]) == c {
				letters = append(letters, string(c))
				break
			}
		}
	}
	return letters
}

// writeLike writes a changed record in the notation of its variant.
func writeLike(variant string, r rules.Record) string {
	if variant == chameleon.Name {
		return chameleon.WriteRecord(r)
	}
	return r.Write(1, false)
}

func parse(t *testing.T, text string) rules.Record {
	t.Helper()
	r, err := rules.ParsePGN(text)
	require.NoError(t, err, text)
	return r
}

// checkRoundTrip: the record of a random game, given a frontend's tags and,
// for an unfinished game, a result the rules cannot decide, loads back to
// the same game with those tags and that result, and writes the same text
// again and again.
func checkRoundTrip(t *testing.T, d *driver, rng *rand.Rand, g recordGame) {
	t.Helper()
	// As written, the record reloads to the very same game and text.
	out := d.load(g.text)
	require.Contains(t, out, fmt.Sprintf("loadpgn ok moves %d\n", g.moves), g.text)
	require.NotContains(t, out, "info string", g.text)
	require.Equal(t, g.state, d.do("state"), g.text)
	require.Equal(t, g.history, d.do("history"), g.text)
	require.Equal(t, g.text, d.record())

	// With a frontend's tags and, sometimes, a result from the record.
	r := parse(t, g.text)
	tags := [][2]string{{"Event", `Club "open" [round robin]`}, {"Site", `C:\chess`}, {"Date", "2024.02.29"},
		{"Round", "7"}, {"Annotator", "a tester"}, {"TimeControl", "40/7200:3600"}}
	if g.variant == chameleon.Name {
		tags = append(tags, [2]string{"Red", "Ann"}, [2]string{"Green", "Di"})
	} else {
		tags = append(tags, [2]string{"White", "Ann Lee"}, [2]string{"Black", "Bob"})
	}
	for _, tag := range tags {
		r.SetTag(tag[0], tag[1])
	}
	wantState := g.state
	if !strings.Contains(g.state, " over true ") && rng.IntN(2) == 0 {
		results := []string{rules.WhiteWins, rules.BlackWins, rules.Draw}
		if g.variant == chameleon.Name {
			results = append(g.players, chameleon.DrawResult)
		}
		result := results[rng.IntN(len(results))]
		reason := rules.ReasonFromRecord
		if rng.IntN(2) == 0 {
			r.SetTag("Termination", "time forfeit")
			reason += " (time forfeit)"
		}
		r.Result = result
		r.SetTag("Result", result)
		wantState = strings.Replace(wantState, " over false result * reason none", " over true result "+result+" reason "+reason, 1)
	}
	text := writeLike(g.variant, r)
	out = d.load(text)
	require.Contains(t, out, fmt.Sprintf("loadpgn ok moves %d\n", g.moves), text)
	require.NotContains(t, out, "info string", text)
	require.Equal(t, wantState, d.do("state"), text)
	require.Equal(t, g.history, d.do("history"), text)
	again := d.record()
	back := parse(t, again)
	for _, tag := range r.Tags {
		require.Equal(t, tag[1], back.Tag(tag[0]), "tag %s of\n%s\nwritten as\n%s", tag[0], text, again)
	}
	require.Equal(t, r.Moves, back.Moves)
	if g.variant != chameleon.Name { // whose wins end with * (the winner is in the tag)
		require.Equal(t, r.Result, back.Result)
	}
	out = d.load(again)
	require.Contains(t, out, "loadpgn ok", again)
	require.Equal(t, again, d.record(), "a reloaded record is written the same")
	require.Equal(t, wantState, d.do("state"))
}

// checkCorruptions: each corruption of the issue, applied to a written
// record, is refused (the game stays) or loaded with a warning, never
// loaded silently.
func checkCorruptions(t *testing.T, d *driver, rng *rand.Rand, g recordGame) {
	t.Helper()
	before := d.do("state")
	refused := func(text, want, what string) {
		t.Helper()
		out := d.load(text)
		require.Contains(t, out, "info string error: loadpgn: ", "%s:\n%s", what, text)
		require.Contains(t, out, want, "%s:\n%s", what, text)
		require.Equal(t, before, d.do("state"), "%s: the game stays", what)
	}
	// Cut short anywhere: refused, or loaded with a warning.
	body := strings.TrimRight(g.text, "\n")
	cut := body[:rng.IntN(len(body))]
	if out := d.load(cut); !strings.Contains(out, "info string error: loadpgn: ") {
		require.Contains(t, out, "info string warning: loadpgn: ", "cut record loaded silently:\n%s", cut)
		d.load(g.text)
		before = d.do("state")
	}
	refused(body+"\nand more words *\n", `is followed by "and"`, "text after the result")
	r := parse(t, g.text)
	if len(r.Moves) > 0 {
		mid := r
		k := rng.IntN(len(r.Moves))
		mid.Moves = append(slices.Clone(r.Moves[:k+1]), append([]string{rules.WhiteWins}, r.Moves[k+1:]...)...)
		refused(writeLike(g.variant, mid), "is followed by", "a result mid-movetext")
	}
	banana := r
	banana.Tags = slices.Clone(r.Tags)
	banana.SetTag("Result", "banana")
	refused(writeLike(g.variant, banana), `the Result tag "banana" is not a`, "a banana result")
	if !strings.Contains(g.state, " over true ") || strings.Contains(g.state, "reason threefold repetition") ||
		strings.Contains(g.state, "reason fifty-move rule") {
		return // no result the rules decide (the chess draws named so may be claimable ones)
	}
	wrong := r
	wrong.Tags = slices.Clone(r.Tags)
	result := r.Tag("Result")
	others := []string{rules.WhiteWins, rules.BlackWins, rules.Draw}
	if g.variant == chameleon.Name {
		others = []string{"r", "b", "y", "g", chameleon.DrawResult}
	}
	others = slices.DeleteFunc(others, func(s string) bool { return s == result })
	wrong.Result = others[rng.IntN(len(others))]
	wrong.SetTag("Result", wrong.Result)
	refused(writeLike(g.variant, wrong), "contradicts the game's end", "a result the rules contradict")
}

// random960 is a random Chess960 start, castling rights by rook file.
func random960(rng *rand.Rand) string {
	var rank [8]byte
	rank[2*rng.IntN(4)] = 'B'
	rank[2*rng.IntN(4)+1] = 'B'
	place := func(piece byte) {
		for {
			if i := rng.IntN(8); rank[i] == 0 {
				rank[i] = piece
				return
			}
		}
	}
	place('Q')
	place('N')
	place('N')
	rooks := ""
	for i, order := 0, "RKR"; i < 8; i++ {
		if rank[i] == 0 {
			rank[i] = order[0]
			if order[0] == 'R' {
				rooks += string(rune('A' + i))
			}
			order = order[1:]
		}
	}
	white := string(rank[:])
	return strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + rooks + strings.ToLower(rooks) + " - 0 1"
}

// TestRecordsRoundTripEveryVariant (issue 14, the class): every record the
// engine writes reads back to the same game (tags, result, every move,
// passes and card suffixes included), over random games of every variant,
// and each corruption of it is refused or warned about.
func TestRecordsRoundTripEveryVariant(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(14, 14))
	for _, v := range []struct {
		name     string
		setup    func(i int) string
		maxPlies int
	}{
		{"chess", func(i int) string {
			if i%3 == 2 {
				return "position fen " + random960(rng)
			}
			return "position startpos"
		}, 300},
		{chessmate.Name, func(i int) string {
			var codes []string
			for _, c := range chessmate.ShuffledDeck(uint64(i)) {
				codes = append(codes, c.Code())
			}
			return "position startpos deal " + strings.Join(codes, ",")
		}, 200},
		{chameleon.Name, func(i int) string {
			switch i % 4 {
			case 0:
				return "position fen e3g5 g5yg,f4rb r 7 20" // red must pass at once
			case 1:
				return "position startpos players " + []string{"ry", "bg", "rb", "yg"}[rng.IntN(4)]
			case 2:
				return "position startpos players rby"
			}
			return "position startpos"
		}, 200},
		{"stratego", func(i int) string { return fmt.Sprintf("position startpos random %d", i) }, 400},
	} {
		t.Run(v.name, func(t *testing.T) {
			d := newDriver(t)
			d.do("setoption name UCI_Variant value " + v.name)
			for i := 0; i < games; i++ {
				if v.name == "chess" {
					d.do(fmt.Sprintf("setoption name UCI_Chess960 value %t", i%3 == 2))
				}
				g := d.randomGame(rng, v.name, v.setup(i), rng.IntN(v.maxPlies+1))
				checkRoundTrip(t, d, rng, g)
				checkCorruptions(t, d, rng, g)
			}
		})
	}
}
