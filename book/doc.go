// Package book reads and writes opening books in the Polyglot format, the
// common ".bin" book of chess programs, so Tempest can play its first
// moves from one.
//
// # File format
//
// A book is a flat array of 16-byte entries and nothing else: no header,
// no trailer. Each entry holds, big-endian,
//
//	bytes 0-7    key     the position, as a 64-bit hash (see below)
//	bytes 8-9    move    a move from that position (see RawMove)
//	bytes 10-11  weight  how much to prefer the move
//	bytes 12-15  learn   data some tools keep; Tempest ignores it
//
// Entries are sorted by key, so the moves of a position are consecutive
// and a binary search finds them. Open and Parse check the size (a whole,
// non-zero number of entries) and the order, and name the first entry out
// of order; a damaged file is an error, never a crash.
//
// # Keys
//
// The key is a Zobrist hash over a table of 781 random numbers that the
// format publishes (random.go): it is the XOR of one number per piece on
// its square, one per castling right held, one for the en-passant file,
// and one when White is to move. The en-passant file counts only when the
// previous move was a two-square pawn step and a pawn of the side to move
// stands beside the pawn that stepped, even if taking it would be illegal;
// Key explains how Tempest, whose positions forget such an illegal
// capture, still finds those positions.
//
// # Moves
//
// A move is the origin and destination squares and a promotion piece
// (RawMove). Castling is the king moving onto its own rook's square (e1h1
// for White's king-side castling), which is also how Tempest stores it
// internally. Book moves are matched against the legal moves of the
// position: an entry that names no legal move, as after a key collision
// or in a damaged book, is skipped, never played.
//
// # Choosing a move
//
// Entries lists a position's moves in file order. Pick chooses one: in
// Weighted mode at random with probability weight/total (weight-0 entries
// are never chosen: books use them to switch moves off), drawing from the
// caller's generator so a seed gives a repeatable choice; in Best mode the
// highest weight, the first in file order among equals. Chess960
// positions are never looked up, since the format's keys and castling
// moves describe standard chess.
//
// Write builds a book from entries, for tests and small tools.
package book
