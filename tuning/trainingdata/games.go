package trainingdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"slices"
	"strings"

	"github.com/ulikunitz/xz"

	"tempest/movegen"
	"tempest/search"
)

// The game format (docs/NNUE.md, "Game files") keeps what a game is: its
// start, the move searched at each position, the score of each kept
// position and the result. Every 32-byte record follows from it by replaying
// the moves, so it holds the same data in about a tenth of the room.
//
// A game file is a 64-byte header (Header's fields, with the magic
// "TEMPGAME", GameVersion, and in bytes 12-15 the number of the file's first
// game within its shard) and then its games, one after another. A game is:
//
//	uvarint      the number of plies searched
//	8 bytes      the start position's occupied squares (as in a record)
//	(n+1)/2      its n pieces, a nibble each, as in a record
//	1 byte       bit 0 side to move, bits 1-4 castling rights (as in a
//	             record), bits 5-6 the game's result (Result)
//	1 byte       en-passant square, or 255
//	1 byte       halfmove clock
//	uvarint      fullmove number
//	per ply      1 byte: the searched best move's index among the legal
//	             moves sorted by MoveKey; then, when the move could make the
//	             position a kept one (not in check, the move neither
//	             captures nor promotes), a uvarint: 0 when the position was
//	             not kept (its score was a mate), else 1 + the zigzag code of
//	             the score from White's view minus the last kept score from
//	             White's view (0 before the game's first)
//
// A file whose name ends in ".xz" is that, compressed with xz.
const GameVersion = 1

var gameMagic = [8]byte{'T', 'E', 'M', 'P', 'G', 'A', 'M', 'E'}

// Game is one self-play game: where it started, each searched position's
// best move with its score, and the result from White's view.
type Game struct {
	Start  *movegen.Position
	Plies  []Ply
	Result Result
}

// Ply is one searched position of a game: the move the search chose (and
// the game played, but for the last ply of an adjudicated game) and, for a
// kept position, the search score from the side to move's view.
type Ply struct {
	Move  movegen.Move
	Score int16
	Kept  bool
}

// MoveKey orders the legal moves for the game format: from-square + 64 ×
// to-square + 4096 × promotion (0 none, 1 knight, 2 bishop, 3 rook, 4
// queen), castling written as the king taking its own rook. It depends on
// the rules alone, not on the order in which a generator finds the moves,
// so any reader can rebuild it.
func MoveKey(m movegen.Move) uint16 {
	k := uint16(m.From()) | uint16(m.To())<<6
	if m.IsPromotion() {
		k |= uint16(m.PromotionType()-movegen.Knight+1) << 12
	}
	return k
}

// couldKeep reports whether a position searched with best move m is kept
// unless its score is a mate (Keep's other conditions).
func couldKeep(pos *movegen.Position, m movegen.Move) bool {
	return !pos.InCheck() && !m.IsPromotion() && !m.IsEnPassant() &&
		(m.IsCastling() || pos.Piece(m.To()) == movegen.NoPiece)
}

// moveIndex is m's index among pos's legal moves sorted by MoveKey.
func moveIndex(pos *movegen.Position, m movegen.Move) (int, error) {
	var buf [movegen.MaxMoves]movegen.Move
	key, n, found := MoveKey(m), 0, false
	for _, l := range pos.GenLegal(buf[:]) {
		switch k := MoveKey(l); {
		case l == m:
			found = true
		case k < key:
			n++
		}
	}
	if !found {
		return 0, fmt.Errorf("trainingdata: %s is not a legal move in %s", m, pos.FEN())
	}
	return n, nil
}

// moveAt is the legal move of pos at index i in MoveKey order.
func moveAt(pos *movegen.Position, i int) (movegen.Move, error) {
	var buf [movegen.MaxMoves]movegen.Move
	moves := pos.GenLegal(buf[:])
	if i >= len(moves) {
		return movegen.NullMove, fmt.Errorf("move index %d, but %s has %d legal moves", i, pos.FEN(), len(moves))
	}
	slices.SortFunc(moves, func(a, b movegen.Move) int { return int(MoveKey(a)) - int(MoveKey(b)) })
	return moves[i], nil
}

func zigzag(x int) uint64   { return uint64(x<<1) ^ uint64(x>>63) }
func unzigzag(u uint64) int { return int(u>>1) ^ -int(u&1) }

// AppendGame appends g in the game format to dst. It refuses a game its
// records could not hold (a Chess960 start, an illegal move, a kept
// position whose move captures).
func AppendGame(dst []byte, g *Game) ([]byte, error) {
	start, err := Pack(g.Start, 0, g.Result)
	if err != nil {
		return dst, err
	}
	if g.Start.Rule50() > 255 || g.Result > WhiteWins {
		return dst, errors.New("trainingdata: a start's halfmove clock above 255 or a result code of 3")
	}
	dst = binary.AppendUvarint(dst, uint64(len(g.Plies)))
	dst = append(dst, start[:8]...)
	dst = append(dst, start[8:8+(g.Start.Occupied().Count()+1)/2]...)
	dst = append(dst, start[24]|byte(g.Result)<<5, start[25], start[26])
	dst = binary.AppendUvarint(dst, uint64(g.Start.FullMoveNumber()))
	pos := *g.Start
	last := 0
	for i, p := range g.Plies {
		idx, err := moveIndex(&pos, p.Move)
		if err != nil {
			return dst, fmt.Errorf("ply %d: %v", i, err)
		}
		dst = append(dst, byte(idx))
		switch {
		case couldKeep(&pos, p.Move) && p.Kept:
			white := int(p.Score)
			if pos.SideToMove() == movegen.Black {
				white = -white
			}
			dst = binary.AppendUvarint(dst, 1+zigzag(white-last))
			last = white
		case couldKeep(&pos, p.Move):
			dst = append(dst, 0)
		case p.Kept:
			return dst, fmt.Errorf("trainingdata: ply %d (%s in %s) is kept, but a kept position's move is quiet", i, p.Move, pos.FEN())
		}
		var u movegen.Undo
		pos.Make(p.Move, &u)
	}
	return dst, nil
}

// decodeGame reads one game from the front of b into g (reusing its plies)
// and returns the bytes it took.
func decodeGame(b []byte, g *Game) (int, error) {
	r := bytes.NewReader(b)
	plies, err := binary.ReadUvarint(r)
	if err != nil {
		return 0, errors.New("a game cut off in its ply count")
	}
	if plies > 1<<16 {
		return 0, fmt.Errorf("%d plies", plies)
	}
	var rec Record
	if _, err := io.ReadFull(r, rec[:8]); err != nil {
		return 0, errors.New("a game cut off in its start position")
	}
	n := bits.OnesCount64(rec.Occupied())
	if n > 32 {
		return 0, fmt.Errorf("%d occupied squares at the start", n)
	}
	if _, err := io.ReadFull(r, rec[8:8+(n+1)/2]); err != nil {
		return 0, errors.New("a game cut off in its start position")
	}
	var flags [3]byte
	if _, err := io.ReadFull(r, flags[:]); err != nil {
		return 0, errors.New("a game cut off in its start position")
	}
	if flags[0]&0x80 != 0 {
		return 0, fmt.Errorf("unused bit 7 set in the start's flags (%#x)", flags[0])
	}
	rec[24], rec[25], rec[26] = flags[0]&0x1f, flags[1], flags[2]
	g.Result = Result(flags[0] >> 5 & 3)
	full, err := binary.ReadUvarint(r)
	if err != nil || full > 65535 {
		return 0, errors.New("a game's fullmove number is cut off or above 65535")
	}
	binary.LittleEndian.PutUint16(rec[30:], uint16(full))
	if g.Result > WhiteWins {
		return 0, errors.New("result code 3 is not a result")
	}
	start, err := rec.Position()
	if err != nil {
		return 0, err
	}
	if start.IsChess960() {
		return 0, errors.New("a start position with Chess960 castling")
	}
	g.Start = start
	g.Plies = g.Plies[:0]
	pos := *start
	last := 0
	for i := 0; i < int(plies); i++ {
		idx, err := r.ReadByte()
		if err != nil {
			return 0, fmt.Errorf("ply %d cut off", i)
		}
		m, err := moveAt(&pos, int(idx))
		if err != nil {
			return 0, fmt.Errorf("ply %d: %v", i, err)
		}
		p := Ply{Move: m}
		if couldKeep(&pos, m) {
			code, err := binary.ReadUvarint(r)
			if err != nil {
				return 0, fmt.Errorf("ply %d: its score is cut off", i)
			}
			if code > 0 {
				white := last + unzigzag(code-1)
				if white < -32767 || white > 32767 || search.IsMate(white) {
					return 0, fmt.Errorf("ply %d: kept score %d", i, white)
				}
				last = white
				if pos.SideToMove() == movegen.Black {
					white = -white
				}
				p.Score, p.Kept = int16(white), true
			}
		}
		g.Plies = append(g.Plies, p)
		var u movegen.Undo
		pos.Make(m, &u)
	}
	return len(b) - r.Len(), nil
}

// Records turns the game into its kept positions' records, as the
// generator packs them: the result in each and the last one marked.
func (g *Game) Records(dst []Record) ([]Record, error) {
	pos := *g.Start
	first := len(dst)
	for _, p := range g.Plies {
		if p.Kept {
			r, err := Pack(&pos, int(p.Score), g.Result)
			if err != nil {
				return dst, err
			}
			dst = append(dst, r)
		}
		var u movegen.Undo
		pos.Make(p.Move, &u)
	}
	if len(dst) > first {
		dst[len(dst)-1].MarkLastOfGame()
	}
	return dst, nil
}

// MarshalGames writes the 64-byte header of a game file whose first game
// is number first of its shard.
func (h Header) MarshalGames(first uint32) ([]byte, error) {
	b, err := h.MarshalBinary()
	if err != nil {
		return nil, err
	}
	copy(b, gameMagic[:])
	binary.LittleEndian.PutUint32(b[8:], GameVersion)
	binary.LittleEndian.PutUint32(b[12:], first)
	return b, nil
}

// UnmarshalGames reads a game file's header and the number of its first game.
func UnmarshalGames(b []byte) (Header, uint32, error) {
	var h Header
	if len(b) < HeaderSize {
		return h, 0, fmt.Errorf("trainingdata: a header is %d bytes, got %d", HeaderSize, len(b))
	}
	if [8]byte(b[:8]) != gameMagic {
		return h, 0, errors.New("trainingdata: not a Tempest game file (no TEMPGAME magic)")
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != GameVersion {
		return h, 0, fmt.Errorf("trainingdata: game format version %d, this build reads %d", v, GameVersion)
	}
	first := binary.LittleEndian.Uint32(b[12:])
	tmp := bytes.Clone(b[:HeaderSize])
	copy(tmp, magic[:])
	binary.LittleEndian.PutUint32(tmp[8:], Version)
	binary.LittleEndian.PutUint32(tmp[12:], RecordSize)
	if err := h.UnmarshalBinary(tmp); err != nil {
		return h, 0, err
	}
	return h, first, nil
}

// GameFile is a read game file: its header, the number of its first game
// in its shard, and its games' bytes.
type GameFile struct {
	Header Header
	First  uint32
	body   []byte
}

// maxGameFile bounds what a game file may decompress to: a shard of a
// million games is about 300 MB.
const maxGameFile = 1 << 31

// ReadGameFile reads a game file (".xz": compressed). A shard still being
// written counts its finished games' bytes in its progress file, and only
// those are read.
func ReadGameFile(path string) (*GameFile, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".xz") {
		if r, err = xz.NewReader(f); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	data, err := io.ReadAll(io.LimitReader(r, maxGameFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(data) > maxGameFile {
		return nil, fmt.Errorf("%s: more than %d bytes", path, maxGameFile)
	}
	h, first, err := UnmarshalGames(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	body := data[HeaderSize:]
	if _, size, err := readProgress(path); err == nil {
		if int64(len(body)) < size-HeaderSize || size < HeaderSize {
			return nil, fmt.Errorf("%s: its progress file counts %d bytes, it holds %d", path, size, len(data))
		}
		body = body[:size-HeaderSize]
	}
	return &GameFile{Header: h, First: first, body: body}, nil
}

// Games calls f with each game of the file in order (g is reused between
// calls); a damaged game stops it with an error naming the game.
func (gf *GameFile) Games(f func(i int, g *Game) error) error {
	var g Game
	b := gf.body
	for i := 0; len(b) > 0; i++ {
		n, err := decodeGame(b, &g)
		if err != nil {
			return fmt.Errorf("game %d of the shard: %v", int(gf.First)+i, err)
		}
		b = b[n:]
		if err := f(int(gf.First)+i, &g); err != nil {
			return err
		}
	}
	return nil
}

// Records decodes every game of the file into its records.
func (gf *GameFile) Records() ([]Record, int, error) {
	var recs []Record
	games := 0
	err := gf.Games(func(i int, g *Game) error {
		var err error
		games++
		if recs, err = g.Records(recs); err != nil {
			return fmt.Errorf("game %d of the shard: %v", i, err)
		}
		return nil
	})
	return recs, games, err
}

// ReadRecords reads the records of a data file of either format: a shard
// of 32-byte records (TEMPDATA) or a game file (TEMPGAME, ".xz" too).
func ReadRecords(path string) (Header, []Record, error) {
	if isGameFile(path) {
		gf, err := ReadGameFile(path)
		if err != nil {
			return Header{}, nil, err
		}
		recs, _, err := gf.Records()
		if err != nil {
			return gf.Header, nil, fmt.Errorf("%s: %v", path, err)
		}
		return gf.Header, recs, nil
	}
	return ReadShard(path)
}

func isGameFile(path string) bool {
	return strings.HasSuffix(path, ".tgame") || strings.HasSuffix(path, ".tgame.xz")
}
