// Package minichess is Gardner's minichess: chess on a 5x5 board, files a-e
// and ranks 1-5, starting from rnbqk/ppppp/5/PPPPP/RNBQK. Pawns step one
// square only (so there is no en passant) and promote on the last rank to a
// queen, rook, bishop or knight; there is no castling. Checkmate wins,
// stalemate is a draw, and so are the fifty-move rule, threefold repetition
// and insufficient material. The rules are those of Fairy-Stockfish's
// "gardner" variant, which the tests hold this package to.
//
// It is a toy game for issue 32: a whole game in one package, rules and
// search, clear rather than fast.
package minichess

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"tempest/internal/quote"
)

// StartFEN is the starting position.
const StartFEN = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"

// square is a square of the board: file + 5*rank, a1 = 0, e5 = 24.
type square int8

const size = 5 // files and ranks

func (s square) file() int { return int(s) % size }
func (s square) rank() int { return int(s) / size }

// String returns the square's name, "a1" to "e5".
func (s square) String() string {
	return string([]byte{byte('a' + s.file()), byte('1' + s.rank())})
}

// colour is white (0) or black (1).
type colour uint8

const (
	white colour = iota
	black
)

// kind is a piece type without colour; none marks an empty square.
type kind uint8

const (
	none kind = iota
	pawn
	knight
	bishop
	rook
	queen
	king
)

// piece is kind | colour<<3, so the zero piece is an empty square.
type piece uint8

func makePiece(k kind, c colour) piece { return piece(k) | piece(c)<<3 }
func (pc piece) kind() kind            { return kind(pc & 7) }
func (pc piece) colour() colour        { return colour(pc >> 3) }

// fenLetters holds the FEN letter of each piece at kind-1 + 6*colour.
const fenLetters = "PNBRQKpnbrqk"

func (pc piece) letter() byte { return fenLetters[int(pc.kind())-1+6*int(pc.colour())] }

// pieceFromLetter reads a FEN piece letter.
func pieceFromLetter(c byte) (piece, bool) {
	i := strings.IndexByte(fenLetters, c)
	return makePiece(kind(i%6+1), colour(i/6)), i >= 0
}

// historyLen is how many earlier positions a Position remembers for
// repetition. Only positions since the last capture or pawn move can repeat,
// and after 100 such plies the fifty-move rule has already ended the game.
const historyLen = 128

// Position is a game position with the keys of the positions before it. It
// holds no slices or pointers, so copying it copies the position.
type Position struct {
	board    [size * size]piece
	side     colour
	kings    [2]square
	rule50   int                // plies since the last capture or pawn move
	fullmove int                // FEN move number, starting at 1
	key      uint64             // Zobrist key of board and side to move
	plies    int                // moves played since Parse
	history  [historyLen]uint64 // keys before the last moves, at index ply % historyLen
}

// Zobrist keys, from a fixed seed so that keys are the same in every run.
var (
	pieceKeys [16][size * size]uint64
	sideKey   uint64
)

func init() {
	rng := rand.New(rand.NewPCG(5, 5))
	for pc := range pieceKeys {
		for sq := range pieceKeys[pc] {
			pieceKeys[pc][sq] = rng.Uint64()
		}
	}
	sideKey = rng.Uint64()
}

// Parse reads a FEN with five ranks of five squares. The castling and en
// passant fields must be "-" when present; missing counters read as 0 and 1.
func Parse(fen string) (Position, error) {
	var p Position
	if err := p.parse(strings.Fields(fen)); err != nil {
		return Position{}, fmt.Errorf("FEN %q: %w", quote.Truncate(fen, 80), err)
	}
	return p, nil
}

func (p *Position) parse(fields []string) (err error) {
	if len(fields) < 2 || len(fields) > 6 {
		return fmt.Errorf("want 2 to 6 fields (board, side, castling, en passant, counters), got %d", len(fields))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return err
	}
	if fields[1] != "w" && fields[1] != "b" {
		return fmt.Errorf("side to move %q: want w or b", quote.Truncate(fields[1], 10))
	}
	p.side = colour(strings.Index("wb", fields[1]))
	if len(fields) > 2 && fields[2] != "-" {
		return fmt.Errorf("castling field %q: Gardner minichess has no castling, want -", quote.Truncate(fields[2], 10))
	}
	if len(fields) > 3 && fields[3] != "-" {
		return fmt.Errorf("en passant field %q: pawns step one square, so there is none, want -", quote.Truncate(fields[3], 10))
	}
	p.fullmove = 1
	if len(fields) > 4 {
		if p.rule50, err = counter("halfmove clock", fields[4], 0); err != nil {
			return err
		}
	}
	if len(fields) > 5 {
		if p.fullmove, err = counter("move number", fields[5], 1); err != nil {
			return err
		}
	}
	if attacked(&p.board, p.kings[p.side^1], p.side) {
		return fmt.Errorf("the side not to move (%s) is in check", p.side^1)
	}
	p.key = p.computeKey()
	return nil
}

// counter reads a FEN counter: decimal digits only, at least min, at most
// six digits so that no arithmetic on it overflows.
func counter(name, s string, min int) (int, error) {
	if s == "" || len(s) > 6 || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("%s %q: want a number of at most six digits", name, quote.Truncate(s, 10))
	}
	if n, _ := strconv.Atoi(s); n >= min {
		return n, nil
	}
	return 0, fmt.Errorf("%s %q: want at least %d", name, s, min)
}

func (p *Position) parseBoard(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != size {
		return fmt.Errorf("board: want 5 ranks separated by /, got %d", len(ranks))
	}
	var kings [2]int
	for i, text := range ranks {
		rank := size - 1 - i // the FEN starts at rank 5
		file := 0
		for j := 0; j < len(text); j++ {
			c := text[j]
			if c >= '1' && c <= '5' {
				file += int(c - '0')
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return fmt.Errorf("rank %d %q: unknown piece %q", rank+1, quote.Truncate(text, 20), c)
			}
			if file >= size {
				return fmt.Errorf("rank %d %q: want 5 squares, got more", rank+1, quote.Truncate(text, 20))
			}
			sq := square(file + size*rank)
			if pc.kind() == pawn && (rank == 0 || rank == size-1) {
				return fmt.Errorf("pawn on %s: pawns cannot stand on the first or last rank", sq)
			}
			if pc.kind() == king {
				kings[pc.colour()]++
				p.kings[pc.colour()] = sq
			}
			p.board[sq] = pc
			file++
		}
		if file != size {
			return fmt.Errorf("rank %d %q: want 5 squares, got %d", rank+1, quote.Truncate(text, 20), file)
		}
	}
	for c, n := range kings {
		if n != 1 {
			return fmt.Errorf("%s has %d kings, want 1", colour(c), n)
		}
	}
	return nil
}

func (c colour) String() string {
	if c == white {
		return "white"
	}
	return "black"
}

func (p *Position) computeKey() uint64 {
	var key uint64
	for sq, pc := range p.board {
		if pc != 0 {
			key ^= pieceKeys[pc][sq]
		}
	}
	if p.side == black {
		key ^= sideKey
	}
	return key
}

// rows returns the board a rank a string, rank 5 first, '.' for empty.
func (p *Position) rows() []string {
	rows := make([]string, 0, size)
	for rank := size - 1; rank >= 0; rank-- {
		row := []byte(".....")
		for file := range size {
			if pc := p.board[file+size*rank]; pc != 0 {
				row[file] = pc.letter()
			}
		}
		rows = append(rows, string(row))
	}
	return rows
}

// emptyRuns writes runs of empty squares as FEN digits, longest first.
var emptyRuns = strings.NewReplacer(".....", "5", "....", "4", "...", "3", "..", "2", ".", "1")

// FEN returns the position in the form Parse reads, all six fields.
func (p *Position) FEN() string {
	board := emptyRuns.Replace(strings.Join(p.rows(), "/"))
	return fmt.Sprintf("%s %c - - %d %d", board, "wb"[p.side], p.rule50, p.fullmove)
}

// WhiteToMove reports whether white is to move.
func (p *Position) WhiteToMove() bool { return p.side == white }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return attacked(&p.board, p.kings[p.side], p.side^1) }

// Display returns the board for humans, rank 5 first with '.' for an empty
// square, and a line with the files and the side to move.
func (p *Position) Display() []string {
	var lines []string
	for i, row := range p.rows() {
		lines = append(lines, fmt.Sprintf("%d  %s", size-i, strings.Join(strings.Split(row, ""), " ")))
	}
	return append(lines, "   a b c d e  "+p.side.String()+" to move")
}
