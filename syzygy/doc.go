// Package syzygy probes Syzygy endgame tablebases: the perfect-play result
// of every position with few pieces (up to seven, kings included), read
// from the published table files. It is pure Go and safe for any number of
// search threads at once.
//
// # The tables
//
// Each material combination (KQvKR: white king and queen against king and
// rook, or the same with colours swapped) has two files:
//
//   - KQvKR.rtbw, the WDL table: for both sides to move, whether the
//     position is won, drawn or lost, split by the fifty-move rule into
//     five values (see below);
//   - KQvKR.rtbz, the DTZ table: for one side to move only, the distance
//     to zeroing, the number of plies until the next capture or pawn move
//     under play that keeps the result. The other side's distances follow
//     from one move of look-ahead.
//
// A table file numbers the positions of its material compactly: the board's
// symmetries are folded away (mirroring files, and for pawnless material
// also ranks and the long diagonal), identical pieces are counted as
// unordered sets, and pawn tables are split into four parts by the file of
// a leading pawn. The values in index order are compressed in blocks: a
// dictionary of symbols, each standing for a value or for a pair of other
// symbols, is coded with canonical Huffman codes; a sparse index table and
// a table of block sizes lead from a position's index to its block. DTZ
// tables may pass their values through small maps and store moves rather
// than plies where rounding cannot change a result.
//
// The generator leaves some entries free to be anything: positions where a
// capture is the best move, since the capture's own table knows better,
// and positions with an en-passant capture, which the tables never
// describe. Probing therefore resolves captures with a small alpha-beta
// search over WDL values before trusting an entry, and tries en-passant
// captures separately.
//
// Files are memory-mapped (read into memory where mapping is not
// available) through package internal/files, which maps regular files
// only, and checked when first probed; a file that is damaged or
// inconsistent is never read out of bounds and simply answers "not found".
// A file cut short while mapped faults when its lost pages are read: the
// probe recovers (debug.SetPanicOnFault), takes its moves back and marks
// the table unusable.
//
// # API
//
// Open takes a list of directories (separated as in $PATH) and finds every
// file named after a material combination in the standard form. MaxPieces
// is the largest piece count among the WDL tables found: positions with
// more pieces are not probed.
//
// ProbeWDL and ProbeDTZ take a position and answer from the side to move's
// view, with ok=false for positions with castling rights, more than
// MaxPieces pieces, or a needed table missing or unusable. They make and
// take back moves on the position they are given (each thread owns its
// own) and allocate nothing once the tables are loaded.
//
// WDL values, each assuming the fifty-move counter is zero:
//
//	 2  win
//	 1  cursed win: won, but the fifty-move rule makes it a draw
//	 0  draw
//	-1  blessed loss: lost, but the fifty-move rule saves it
//	-2  loss
//
// DTZ values, in plies, signed by the result: 1..100 for wins, above 100
// for cursed wins, 0 for draws, -100..-1 for losses and below -100 for
// blessed losses. The distance may be one ply too long where a table
// stores whole moves. These are the values python-chess's prober returns,
// and the tests hold the package to them.
//
// # Root moves
//
// RootMoves judges every legal move of the root for the engine: its WDL and
// its DTZ counted from the root (the move included: 1 for a winning
// capture, pawn move or mate), and ranks them, best first. Each move gets a
// Result: its WDL, except that with the fifty-move rule (rule50, the UCI
// option Syzygy50MoveRule) cursed wins and blessed losses are draws, and so
// is a win or loss whose zeroing move comes too late for the root's
// counter c: after |DTZ| + c > 100 plies. The Rank is then, for a move at
// distance d = |DTZ| (at most 9999):
//
//	Result  2: 20000 - d  (the fastest way to a zeroing move first)
//	Result  1: 10000 - d  (only without the fifty-move rule)
//	Result  0: 0          (every kind of draw alike)
//	Result -1: -10000 + d (only without the fifty-move rule)
//	Result -2: -20000 + d (the longest resistance first)
//
// Moves of equal rank keep the generator's order. An engine keeps the moves
// whose Result equals the first move's to stay on the tables' path and lets
// its search choose among them (or plays the first when it has no time).
package syzygy
