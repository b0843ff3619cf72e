// Package protocol speaks UCI on a reader and a writer. Commands are read
// on one goroutine and never wait for a running job (search or perft), which
// runs on its own goroutine and is stopped through a context. All output
// goes through one writer, a whole line at a time.
package protocol

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"tempest/movegen"
	"tempest/perft"
)

// Session is one UCI conversation.
type Session struct {
	out  *output
	game game

	chess960 bool
	threads  int

	job *job // the running search or perft, or nil
}

// job is work running beside the command loop.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
	// finishOnQuit lets the job complete at "quit" or end of input instead
	// of being cancelled: perft scripts pipe "go perft N" and "quit" together
	// and expect the count, as Stockfish prints it.
	finishOnQuit bool
}

// game is the position the GUI set: a start position and the moves since.
type game struct {
	start movegen.Position
	moves []movegen.Move
	pos   movegen.Position
}

// NewSession makes a session that writes to out.
func NewSession(out io.Writer) *Session {
	s := &Session{out: newOutput(out), threads: 1}
	s.game.start = *movegen.NewStartPosition()
	s.game.pos = s.game.start
	return s
}

// Run reads commands until "quit" or the end of input, then stops any job.
func (s *Session) Run(in io.Reader) error {
	lines := newLineReader(in, MaxLineLength)
	defer s.quit()
	for {
		line, err := lines.next()
		switch {
		case err == errLineTooLong:
			s.out.errorf("input line longer than %d bytes ignored", MaxLineLength)
			continue
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
		if !s.Execute(line) {
			return nil
		}
	}
}

// Execute runs one command line; it returns false after "quit".
func (s *Session) Execute(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "quit":
		return false
	case "uci":
		s.out.printf("id name %s %s", Name, Version())
		s.out.printf("id author %s", Author)
		s.out.println("uciok")
	case "isready":
		s.out.println("readyok")
	case "ucinewgame":
		s.stopJob()
	case "position":
		s.position(args)
	case "go":
		s.goCommand(args)
	case "stop":
		s.stopJob()
	case "d":
		s.display()
	default:
		s.out.errorf("unknown command %q", truncate(cmd, 40))
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// position handles "position startpos|fen <FEN> [moves ...]". The new game
// is built completely before it replaces the old one, so any error leaves
// the previous position in place.
func (s *Session) position(args []string) {
	if len(args) == 0 {
		s.out.errorf("position needs \"startpos\" or \"fen <FEN>\"")
		return
	}
	var next game
	rest := args[1:]
	switch args[0] {
	case "startpos":
		next.start = *movegen.NewStartPosition()
	case "fen":
		end := len(rest)
		for i, a := range rest {
			if a == "moves" {
				end = i
				break
			}
		}
		fen := strings.Join(rest[:end], " ")
		start, err := movegen.ParseFEN(fen)
		if err != nil {
			s.out.errorf("invalid FEN %q: %v", truncate(fen, 120), err)
			return
		}
		next.start = *start
		rest = rest[end:]
	default:
		s.out.errorf("position needs \"startpos\" or \"fen <FEN>\", not %q", truncate(args[0], 40))
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.out.errorf("unexpected %q in position command (want \"moves\")", truncate(rest[0], 40))
			return
		}
		rest = rest[1:]
	}
	next.pos = next.start
	next.moves = make([]movegen.Move, 0, len(rest))
	for i, text := range rest {
		m, err := next.pos.ParseUCIMove(text, s.chess960)
		if err != nil {
			s.out.errorf("move %d (%s) of the move list: %v", i+1, truncate(text, 20), err)
			return
		}
		var u movegen.Undo
		next.pos.Make(m, &u)
		next.moves = append(next.moves, m)
	}
	s.game = next
}

// goCommand starts a job; for now "go perft N".
func (s *Session) goCommand(args []string) {
	if len(args) >= 1 && args[0] == "perft" {
		if len(args) != 2 {
			s.out.errorf("go perft needs a depth, e.g. \"go perft 5\"")
			return
		}
		depth, err := strconv.Atoi(args[1])
		if err != nil || depth < 1 || depth > 20 {
			s.out.errorf("go perft depth %q is not a number from 1 to 20", truncate(args[1], 20))
			return
		}
		s.startPerft(depth)
		return
	}
	s.out.errorf("go: only \"go perft N\" is supported")
}

func (s *Session) startPerft(depth int) {
	s.stopJob()
	pos := s.game.pos // the job owns its copy
	chess960 := s.chess960
	threads := s.threads
	s.startJob(true, func(ctx context.Context) {
		start := time.Now()
		counts, err := perft.Divide(ctx, &pos, depth, perft.Options{Threads: threads})
		if err != nil {
			return // stopped
		}
		for _, c := range counts {
			s.out.printf("%s: %d", c.Move.UCI(chess960), c.Nodes)
		}
		total := perft.Total(counts)
		elapsed := time.Since(start)
		s.out.println("")
		s.out.printf("Nodes searched: %d", total)
		s.out.println("")
		s.out.info("perft %d: %d nodes in %d ms, %d nps", depth, total, elapsed.Milliseconds(),
			int64(float64(total)/(elapsed.Seconds()+1e-9)))
	})
}

// startJob runs work on its own goroutine; stopJob cancels and waits for it.
func (s *Session) startJob(finishOnQuit bool, work func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, done: make(chan struct{}), finishOnQuit: finishOnQuit}
	s.job = j
	go func() {
		defer close(j.done)
		work(ctx)
	}()
}

// quit ends the session: perft jobs finish, searches are stopped.
func (s *Session) quit() {
	if s.job != nil && s.job.finishOnQuit {
		<-s.job.done
	}
	s.stopJob()
}

func (s *Session) stopJob() {
	if s.job == nil {
		return
	}
	s.job.cancel()
	<-s.job.done
	s.job = nil
}

// display prints the board, FEN and key for humans ("d", as in Stockfish).
func (s *Session) display() {
	p := &s.game.pos
	var sb strings.Builder
	sb.WriteString("\n +---+---+---+---+---+---+---+---+\n")
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			c := byte(' ')
			if pc := p.Piece(movegen.MakeSquare(file, rank)); pc != movegen.NoPiece {
				c = pc.Letter()
			}
			fmt.Fprintf(&sb, " | %c", c)
		}
		fmt.Fprintf(&sb, " | %d\n +---+---+---+---+---+---+---+---+\n", rank+1)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&sb, "Fen: %s\nKey: %016X\nCheckers:", p.FEN(), p.Key())
	for b := p.Checkers(); b != 0; {
		fmt.Fprintf(&sb, " %s", b.PopLSB())
	}
	for _, line := range strings.Split(sb.String(), "\n") {
		s.out.println(line)
	}
}
