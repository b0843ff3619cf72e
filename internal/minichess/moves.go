package minichess

import (
	"fmt"
	"sort"
	"strings"

	"tempest/internal/quote"
)

// Move is a move: from and to squares and, for a promotion, the new kind.
// The zero Move is no move (it prints as "0000", the UCI null move).
type Move struct {
	from, to square
	promo    kind
}

// String returns the move in UCI form, "a2a3" or "b4b5q".
func (m Move) String() string {
	if m == (Move{}) {
		return "0000"
	}
	s := m.from.String() + m.to.String()
	if m.promo != none {
		s += string(makePiece(m.promo, black).letter())
	}
	return s
}

// maxMoves bounds the legal moves of positions from play with room to
// spare; generation appends, so a stranger FEN costs an allocation, not a
// crash.
const maxMoves = 128

// Direction tables, filled once: for every square the knight and king
// targets and the squares along each line, nearest first. Lines 0-3 are
// orthogonal (rook), 4-7 diagonal (bishop).
var (
	knightTargets [size * size][]square
	kingTargets   [size * size][]square
	lines         [size * size][8][]square
)

func init() {
	lineSteps := [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knightSteps := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for sq := square(0); sq < size*size; sq++ {
		for _, d := range knightSteps {
			if to, ok := offset(sq, d[0], d[1]); ok {
				knightTargets[sq] = append(knightTargets[sq], to)
			}
		}
		for i, d := range lineSteps {
			if to, ok := offset(sq, d[0], d[1]); ok {
				kingTargets[sq] = append(kingTargets[sq], to)
			}
			for to, ok := offset(sq, d[0], d[1]); ok; to, ok = offset(to, d[0], d[1]) {
				lines[sq][i] = append(lines[sq][i], to)
			}
		}
	}
}

// offset returns the square df files and dr ranks away, if on the board.
func offset(sq square, df, dr int) (square, bool) {
	f, r := sq.file()+df, sq.rank()+dr
	if f < 0 || f >= size || r < 0 || r >= size {
		return 0, false
	}
	return square(f + size*r), true
}

// forward is the rank step of c's pawns.
func forward(c colour) int { return 1 - 2*int(c) }

// attacked reports whether a piece of colour by attacks sq on board, which
// is the position's or a copy with a move made, to test its legality.
func attacked(board *[size * size]piece, sq square, by colour) bool {
	for _, from := range knightTargets[sq] {
		if board[from] == makePiece(knight, by) {
			return true
		}
	}
	for _, from := range kingTargets[sq] {
		if board[from] == makePiece(king, by) {
			return true
		}
	}
	for _, df := range [2]int{-1, 1} { // a pawn attacks from one rank behind sq, as it moves
		if from, ok := offset(sq, df, -forward(by)); ok && board[from] == makePiece(pawn, by) {
			return true
		}
	}
	for i, line := range lines[sq] {
		slider := makePiece(rook, by)
		if i >= 4 {
			slider = makePiece(bishop, by)
		}
		for _, from := range line {
			if pc := board[from]; pc != 0 {
				if pc == slider || pc == makePiece(queen, by) {
					return true
				}
				break
			}
		}
	}
	return false
}

// generate appends the legal moves of the side to move to buf.
func (p *Position) generate(buf []Move) []Move {
	us := p.side
	for from := square(0); from < size*size; from++ {
		pc := p.board[from]
		if pc == 0 || pc.colour() != us {
			continue
		}
		switch pc.kind() {
		case pawn:
			if to, ok := offset(from, 0, forward(us)); ok && p.board[to] == 0 {
				buf = p.addPawnMove(buf, from, to)
			}
			for _, df := range [2]int{-1, 1} {
				if to, ok := offset(from, df, forward(us)); ok && p.board[to] != 0 && p.board[to].colour() != us {
					buf = p.addPawnMove(buf, from, to)
				}
			}
		case knight:
			buf = p.addTargets(buf, from, knightTargets[from])
		case king:
			buf = p.addTargets(buf, from, kingTargets[from])
		default:
			first, last := 0, 8 // queen: all lines
			if pc.kind() == rook {
				last = 4
			} else if pc.kind() == bishop {
				first = 4
			}
			for _, line := range lines[from][first:last] {
				for _, to := range line {
					if p.board[to] != 0 && p.board[to].colour() == us {
						break
					}
					buf = p.addLegal(buf, Move{from: from, to: to})
					if p.board[to] != 0 {
						break
					}
				}
			}
		}
	}
	return buf
}

// addTargets adds the moves of a knight or king to the squares not held by
// its own side.
func (p *Position) addTargets(buf []Move, from square, targets []square) []Move {
	for _, to := range targets {
		if p.board[to] == 0 || p.board[to].colour() != p.side {
			buf = p.addLegal(buf, Move{from: from, to: to})
		}
	}
	return buf
}

// addPawnMove adds a pawn move, as four promotions on the last rank.
func (p *Position) addPawnMove(buf []Move, from, to square) []Move {
	if to.rank() != 0 && to.rank() != size-1 {
		return p.addLegal(buf, Move{from: from, to: to})
	}
	for _, k := range [4]kind{queen, rook, bishop, knight} {
		buf = p.addLegal(buf, Move{from: from, to: to, promo: k})
	}
	return buf
}

// addLegal adds m if it does not leave the mover's king attacked.
func (p *Position) addLegal(buf []Move, m Move) []Move {
	board := p.board
	board[m.to], board[m.from] = board[m.from], 0
	kingSq := p.kings[p.side]
	if m.from == kingSq {
		kingSq = m.to
	}
	if attacked(&board, kingSq, p.side^1) {
		return buf
	}
	return append(buf, m)
}

// Legal returns the legal moves of the side to move.
func (p *Position) Legal() []Move {
	return p.generate(make([]Move, 0, maxMoves))
}

// ParseMove reads a move in UCI form and returns it if it is legal here.
func (p *Position) ParseMove(token string) (Move, error) {
	var m Move
	if len(token) != 4 && len(token) != 5 {
		return m, fmt.Errorf("%q is not a move: want from and to squares and an optional promotion, like a2a3 or b4b5q", quote.Truncate(token, 10))
	}
	var ok bool
	if m.from, ok = parseSquare(token[0:2]); ok {
		m.to, ok = parseSquare(token[2:4])
	}
	if !ok {
		return Move{}, fmt.Errorf("%q is not a move on a 5x5 board (files a-e, ranks 1-5)", token)
	}
	if len(token) == 5 {
		i := strings.IndexByte("nbrq", token[4])
		if i < 0 {
			return Move{}, fmt.Errorf("%s%q: promotion %q is not q, r, b or n", token[:4], token[4:], token[4])
		}
		m.promo = knight + kind(i)
	}
	var buf [maxMoves]Move
	for _, legal := range p.generate(buf[:0]) {
		if legal == m {
			return m, nil
		}
	}
	return Move{}, fmt.Errorf("%s is not legal here", token)
}

func parseSquare(s string) (square, bool) {
	f, r := int(s[0])-'a', int(s[1])-'1'
	if f < 0 || f >= size || r < 0 || r >= size {
		return 0, false
	}
	return square(f + size*r), true
}

// Play makes the move m, which must be legal; the zero Move is ignored.
func (p *Position) Play(m Move) {
	if m.from == m.to {
		return
	}
	us := p.side
	p.history[p.plies%historyLen] = p.key
	p.plies++
	pc, captured := p.board[m.from], p.board[m.to]
	placed := pc
	if m.promo != none {
		placed = makePiece(m.promo, us)
	}
	p.key ^= pieceKeys[pc][m.from] ^ pieceKeys[placed][m.to] ^ sideKey
	if captured != 0 {
		p.key ^= pieceKeys[captured][m.to]
	}
	p.board[m.from], p.board[m.to] = 0, placed
	if pc.kind() == king {
		p.kings[us] = m.to
	}
	p.rule50++
	if pc.kind() == pawn || captured != 0 {
		p.rule50 = 0
	}
	if us == black {
		p.fullmove++
	}
	p.side = us ^ 1
}

// Perft counts the leaf positions of the legal move tree depth plies deep;
// depth 0 or less counts the position itself.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		child := p
		child.Play(m)
		n += Perft(child, depth-1)
	}
	return n
}

// DivideCount is one root move and the leaves below it.
type DivideCount struct {
	Move  string
	Nodes uint64
}

// Divide returns Perft below each legal move, sorted by move text; a depth
// below 1 counts each move once.
func Divide(p Position, depth int) []DivideCount {
	var counts []DivideCount
	for _, m := range p.Legal() {
		child := p
		child.Play(m)
		counts = append(counts, DivideCount{m.String(), Perft(child, depth-1)})
	}
	sort.Slice(counts, func(i, j int) bool { return counts[i].Move < counts[j].Move })
	return counts
}
