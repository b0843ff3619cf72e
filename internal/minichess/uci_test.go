package minichess_test

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/game"
	"tempest/games"
	"tempest/internal/minichess"
	"tempest/protocol"
)

var register sync.Once

// session is a UCI session fed line by line, its output read as it comes.
type session struct {
	t   *testing.T
	in  *io.PipeWriter
	mu  sync.Mutex
	out bytes.Buffer
	// read is how much of out the last expect consumed.
	read int
}

func (s *session) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Write(p)
}

func newSession(t *testing.T) *session {
	r, w := io.Pipe()
	s := &session{t: t, in: w}
	ps := protocol.NewSession(s)
	done := make(chan struct{})
	go func() { _ = ps.Run(r); close(done) }()
	t.Cleanup(func() {
		s.send("quit")
		w.Close()
		<-done
	})
	return s
}

func (s *session) send(line string) {
	_, err := io.WriteString(s.in, line+"\n")
	require.NoError(s.t, err)
}

// expect waits for a line matching pattern after what earlier calls read,
// and returns everything up to and including it.
func (s *session) expect(pattern string) string {
	s.t.Helper()
	re := regexp.MustCompile("(?m)" + pattern)
	deadline := time.Now().Add(30 * time.Second)
	for {
		s.mu.Lock()
		text := s.out.String()[s.read:]
		s.mu.Unlock()
		if loc := re.FindStringIndex(text); loc != nil {
			end := loc[1]
			if nl := strings.IndexByte(text[end:], '\n'); nl >= 0 {
				end += nl + 1
			}
			s.read += end
			return text[:end]
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("no line matching %q in:\n%s", pattern, text)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A fifth game is its own package and one line: registered with
// games.Register and nothing else, Gardner's minichess is offered by
// UCI_Variant and declared by "games", played over UCI (moves, clocks,
// infinite and stop), counted by perft as pyffish counts it, benched, and
// saved and loaded back as PGN.
func TestAFifthGameIsOnePackageAndOneLine(t *testing.T) {
	register.Do(func() { games.Register(minichess.Variant{}) }) // the one line (once, for go test -count)

	s := newSession(t)
	s.send("uci")
	assert.Contains(t, s.expect("^uciok$"), "var minichess")
	s.send("games")
	assert.Regexp(t, `(?m)^game minichess sides w,b players 2-2 board 5x5 hidden - cards false clock sides uses - perft 8 bench 5$`, s.expect("^games end$"))

	s.send("setoption name UCI_Variant value minichess")
	s.send("position startpos moves a2a3 b4b3")
	s.send("d")
	board := s.expect(`to move`)
	assert.Contains(t, board, "white to move")

	// perft from the start: 7, 53, 506 (pyffish 0.0.90, minichess_test.go).
	s.send("position startpos")
	s.send("go perft 3")
	assert.Regexp(t, `(?m)^Nodes searched: 506$`, s.expect(`^Nodes searched: \d+$`))

	// A search answers a legal move, on a clock too.
	s.send("position startpos moves a2a3")
	s.send("go depth 3")
	move := bestmove(t, s.expect(`^bestmove `))
	g, err := minichess.Variant{}.Parse("rnbqk/ppppp/P4/1PPPP/RNBQK b - - 0 1", game.Settings{})
	require.NoError(t, err)
	assert.Contains(t, g.Legal(), move)
	s.send("go wtime 2000 btime 2000 winc 20 binc 20")
	assert.Contains(t, g.Legal(), bestmove(t, s.expect(`^bestmove `)))
	s.send("go infinite")
	time.Sleep(50 * time.Millisecond)
	s.send("stop")
	assert.Contains(t, g.Legal(), bestmove(t, s.expect(`^bestmove `)))

	// The bench ends with the node total, the game's signature.
	s.send("bench 3")
	last := s.expect(`^\d+ nodes \d+ nps$`)
	assert.Regexp(t, `(?m)^position 3/3: `, last)

	// A game saved as PGN loads back to the same game.
	moves := []string{"a2a3", "e4e3", "d2e3"}
	want, err := minichess.Variant{}.Start(nil, game.Settings{})
	require.NoError(t, err)
	for _, m := range moves {
		_, err := want.Play(m)
		require.NoError(t, err)
	}
	s.send("position startpos moves " + strings.Join(moves, " "))
	s.send("pgn")
	record := s.expect(`^pgn end$`)
	assert.Contains(t, record, `[Variant "minichess"]`)
	assert.Contains(t, record, "1. a2a3 e4e3 2. d2e3 *")
	s.send("position startpos")
	s.send("loadpgn")
	body := record[strings.Index(record, "[Event"):strings.Index(record, "pgn end")]
	for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
		s.send(line)
	}
	s.send("endpgn")
	assert.Contains(t, s.expect(`^loadpgn .*`), "loadpgn ok moves 3")
	s.send("d")
	assert.Contains(t, s.expect(`^Fen: .*`), "Fen: "+want.Position())
}

func bestmove(t *testing.T, text string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^bestmove (\S+)`).FindStringSubmatch(text)
	require.NotNil(t, m, text)
	_, err := strconv.Atoi(m[1])
	require.Error(t, err, "a move, not a number: %s", m[1])
	return m[1]
}
