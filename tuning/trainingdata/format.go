// Package trainingdata is the self-play data the neural evaluation is
// trained on: its binary format (docs/NNUE.md, "Data format") and the
// generator that plays Tempest against itself to produce it.
//
// A shard file is a 64-byte header followed by 32-byte records, one per
// kept position, all little-endian. A record holds the position (pieces,
// side to move, castling, en passant, clocks), the search's score from the
// side to move's view and the game's result from White's view, so a record
// is read back without the moves that led to it.
package trainingdata

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"strings"

	"tempest/movegen"
)

// RecordSize and HeaderSize are the sizes, in bytes, of a record and of a
// shard's header.
const (
	RecordSize = 32
	HeaderSize = 64
)

// Version is the format version written in every header. Version 1
// (shards made before the generator could evaluate with a net) is read as
// version 2 with the hand-crafted evaluation.
const Version = 2

// magic opens every shard file.
var magic = [8]byte{'T', 'E', 'M', 'P', 'D', 'A', 'T', 'A'}

// Result is a game's result from White's view.
type Result uint8

const (
	BlackWins Result = 0
	Draw      Result = 1
	WhiteWins Result = 2
)

// Record is one kept position, packed:
//
//	bytes  0-7   occupied squares, a bitboard (a1 = bit 0, h8 = bit 63)
//	bytes  8-23  the piece on each occupied square, in square order, one
//	             nibble each, low nibble first (movegen's codes: 1-6 white
//	             pawn..king, 9-14 black pawn..king); unused nibbles are 0
//	byte  24     bit 0 side to move (1 = Black), bits 1-4 castling rights
//	             (white king side, white queen side, black king side, black
//	             queen side; standard chess only)
//	byte  25     en-passant square 0-63, or 255 for none
//	byte  26     halfmove clock (saturated at 255)
//	byte  27     bits 0-1 the result (Result), bit 7 set on the last kept
//	             position of its game
//	bytes 28-29  the search score, centipawns from the side to move's
//	             view, signed
//	bytes 30-31  the fullmove number (saturated at 65535)
type Record [RecordSize]byte

const (
	noEnPassant = 255
	lastOfGame  = 0x80
)

// Pack records pos with its search score (side to move's view, clamped to
// ±32767) and the game's result. It refuses a Chess960 position, whose
// castling rights the record cannot name, and a position of more than 32
// pieces.
func Pack(pos *movegen.Position, score int, result Result) (Record, error) {
	var r Record
	if pos.IsChess960() {
		return r, errors.New("trainingdata: a Chess960 position cannot be recorded")
	}
	occ := pos.Occupied()
	if occ.Count() > 32 {
		return r, fmt.Errorf("trainingdata: %d pieces, a record holds 32", occ.Count())
	}
	binary.LittleEndian.PutUint64(r[0:], uint64(occ))
	i := 0
	for b := occ; b != 0; i++ {
		sq := b.PopLSB()
		r[8+i/2] |= byte(pos.Piece(sq)) << (4 * (i % 2))
	}
	if pos.SideToMove() == movegen.Black {
		r[24] = 1
	}
	r[24] |= byte(pos.Castling()) << 1
	r[25] = noEnPassant
	if ep := pos.EnPassant(); ep != movegen.NoSquare {
		r[25] = byte(ep)
	}
	r[26] = byte(min(pos.Rule50(), 255))
	r[27] = byte(result)
	binary.LittleEndian.PutUint16(r[28:], uint16(int16(min(max(score, -32767), 32767))))
	binary.LittleEndian.PutUint16(r[30:], uint16(min(pos.FullMoveNumber(), 65535)))
	return r, nil
}

// SetResult stores the game's result, known only when the game ends.
func (r *Record) SetResult(res Result) { r[27] = r[27]&^3 | byte(res) }

// MarkLastOfGame flags the last kept position of a game.
func (r *Record) MarkLastOfGame() { r[27] |= lastOfGame }

// LastOfGame reports whether r is the last kept position of its game.
func (r *Record) LastOfGame() bool { return r[27]&lastOfGame != 0 }

// Result is the game's result from White's view.
func (r *Record) Result() Result { return Result(r[27] & 3) }

// Score is the search score from the side to move's view.
func (r *Record) Score() int { return int(int16(binary.LittleEndian.Uint16(r[28:]))) }

// BlackToMove reports the side to move.
func (r *Record) BlackToMove() bool { return r[24]&1 != 0 }

// Castling is the castling rights, bits 0-3: White king side, White queen
// side, Black king side, Black queen side.
func (r *Record) Castling() int { return int(r[24]>>1) & 15 }

// Occupied is the bitboard of occupied squares.
func (r *Record) Occupied() uint64 { return binary.LittleEndian.Uint64(r[0:]) }

// ForEachPiece calls f with every piece and its square, in square order.
// It allocates nothing, for the trainer's input features.
func (r *Record) ForEachPiece(f func(sq movegen.Square, pc movegen.Piece)) {
	occ := r.Occupied()
	for i := 0; occ != 0 && i < 32; i++ {
		sq := movegen.Square(bits.TrailingZeros64(occ))
		occ &= occ - 1
		f(sq, movegen.Piece(r[8+i/2]>>(4*(i%2))&15))
	}
}

// FEN writes the record's position. It returns an error naming the
// problem when the record cannot be a position (more than 32 occupied
// squares, an unknown piece code, an en-passant square off the third or
// sixth rank, a result code of 3); whether the position is legal is left
// to movegen.ParseFEN (see Position).
func (r *Record) FEN() (string, error) {
	occ := r.Occupied()
	if n := bits.OnesCount64(occ); n > 32 {
		return "", fmt.Errorf("trainingdata: %d occupied squares, a record holds 32", n)
	}
	var board [64]movegen.Piece
	var bad error
	r.ForEachPiece(func(sq movegen.Square, pc movegen.Piece) {
		if pc.Type() < movegen.Pawn || pc.Type() > movegen.King || pc&^15 != 0 {
			bad = fmt.Errorf("trainingdata: unknown piece code %d on %s", pc, sq)
		}
		board[sq] = pc
	})
	if bad != nil {
		return "", bad
	}
	if r.Result() > WhiteWins {
		return "", errors.New("trainingdata: result code 3 is not a result")
	}
	if r[24]>>5 != 0 {
		return "", fmt.Errorf("trainingdata: unused bits set in byte 24 (%#x)", r[24])
	}
	var b strings.Builder
	movegen.WritePlacement(&b, func(sq movegen.Square) movegen.Piece { return board[sq] })
	if r.BlackToMove() {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	castling := r[24] >> 1 & 15
	if castling == 0 {
		b.WriteByte('-')
	}
	for i, c := range "KQkq" {
		if castling&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	b.WriteByte(' ')
	switch ep := r[25]; {
	case ep == noEnPassant:
		b.WriteByte('-')
	case ep < 64 && (ep/8 == 2 || ep/8 == 5):
		b.WriteString(movegen.Square(ep).String())
	default:
		return "", fmt.Errorf("trainingdata: en-passant byte %d is no third- or sixth-rank square", ep)
	}
	fmt.Fprintf(&b, " %d %d", r[26], max(binary.LittleEndian.Uint16(r[30:]), 1))
	return b.String(), nil
}

// Position decodes the record's position, with the errors of FEN and of
// movegen.ParseFEN (which checks that the position is legal).
func (r *Record) Position() (*movegen.Position, error) {
	fen, err := r.FEN()
	if err != nil {
		return nil, err
	}
	pos, err := movegen.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("trainingdata: %v", err)
	}
	return pos, nil
}

// Header is what a shard says about how it was made: enough to make it
// again, bit for bit, with the same build.
type Header struct {
	Seed         uint64 // the shard's seed: game i is seeded by (Seed, i)
	SoftNodes    uint32 // the search's soft node limit (kit.Limits.SoftNodes)
	HardNodes    uint32 // its hard node limit
	RandomPlies  uint16 // random plies after the opening
	HashMB       uint16 // the search's table, MiB (it changes what the search finds)
	OpeningsHash uint32 // CRC-32 (IEEE) of the openings file, 0 for the start position
	Build        string // the generator's build (VCS revision), at most 16 bytes
	// Net is the start of the SHA-256 of the net file the search evaluated
	// with; all zero: the hand-crafted evaluation.
	Net [8]byte
}

// MarshalBinary writes the 64-byte header (version 2):
//
//	bytes  0-7   "TEMPDATA"
//	bytes  8-11  the format version
//	bytes 12-15  the record size, 32
//	bytes 16-23  seed
//	bytes 24-27  soft node limit
//	bytes 28-31  hard node limit
//	bytes 32-33  random plies
//	bytes 34-35  the search's hash table, MiB
//	bytes 36-39  CRC-32 of the openings file
//	bytes 40-55  the build, ASCII, zero padded
//	bytes 56-63  the first 8 bytes of the SHA-256 of the net file the
//	             search evaluated with; zero: the hand-crafted evaluation
//
// Version 1 had the build in bytes 40-63 and no net.
func (h Header) MarshalBinary() ([]byte, error) {
	if len(h.Build) > buildBytes {
		return nil, fmt.Errorf("trainingdata: build %q is longer than %d bytes", h.Build, buildBytes)
	}
	b := make([]byte, HeaderSize)
	copy(b, magic[:])
	binary.LittleEndian.PutUint32(b[8:], Version)
	binary.LittleEndian.PutUint32(b[12:], RecordSize)
	binary.LittleEndian.PutUint64(b[16:], h.Seed)
	binary.LittleEndian.PutUint32(b[24:], h.SoftNodes)
	binary.LittleEndian.PutUint32(b[28:], h.HardNodes)
	binary.LittleEndian.PutUint16(b[32:], h.RandomPlies)
	binary.LittleEndian.PutUint16(b[34:], h.HashMB)
	binary.LittleEndian.PutUint32(b[36:], h.OpeningsHash)
	copy(b[40:40+buildBytes], h.Build)
	copy(b[56:], h.Net[:])
	return b, nil
}

// buildBytes is the room for the build in a version 2 header.
const buildBytes = 16

// UnmarshalBinary reads a header of version 1 or 2.
func (h *Header) UnmarshalBinary(b []byte) error {
	if len(b) < HeaderSize {
		return fmt.Errorf("trainingdata: a header is %d bytes, got %d", HeaderSize, len(b))
	}
	if [8]byte(b[:8]) != magic {
		return errors.New("trainingdata: not a Tempest training-data shard (no TEMPDATA magic)")
	}
	v := binary.LittleEndian.Uint32(b[8:])
	if v != 1 && v != Version {
		return fmt.Errorf("trainingdata: format version %d, this build reads 1 and %d", v, Version)
	}
	if n := binary.LittleEndian.Uint32(b[12:]); n != RecordSize {
		return fmt.Errorf("trainingdata: record size %d, version %d has %d", n, v, RecordSize)
	}
	h.Seed = binary.LittleEndian.Uint64(b[16:])
	h.SoftNodes = binary.LittleEndian.Uint32(b[24:])
	h.HardNodes = binary.LittleEndian.Uint32(b[28:])
	h.RandomPlies = binary.LittleEndian.Uint16(b[32:])
	h.HashMB = binary.LittleEndian.Uint16(b[34:])
	h.OpeningsHash = binary.LittleEndian.Uint32(b[36:])
	h.Net = [8]byte{}
	if v == 1 {
		h.Build = strings.TrimRight(string(b[40:HeaderSize]), "\x00")
		return nil
	}
	h.Build = strings.TrimRight(string(b[40:40+buildBytes]), "\x00")
	h.Net = [8]byte(b[56:64])
	return nil
}

// HandCrafted reports whether the shard's searches evaluated by hand.
func (h Header) HandCrafted() bool { return h.Net == [8]byte{} }

// Evaluation names the shard's evaluation: "hand-crafted" or "net" and the
// hex digits of its identity.
func (h Header) Evaluation() string {
	if h.HandCrafted() {
		return "hand-crafted"
	}
	return fmt.Sprintf("net %x", h.Net)
}

// ReadShard reads a shard: its header and the records of its finished
// games, as its progress file counts them (so a shard still being made, or
// one whose run stopped mid-game, reads cleanly). Without a progress file
// every record is read, and a length that is not a whole number of records
// is refused.
func ReadShard(path string) (Header, []Record, error) {
	var h Header
	data, err := os.ReadFile(path)
	if err != nil {
		return h, nil, err
	}
	if err := h.UnmarshalBinary(data); err != nil {
		return h, nil, fmt.Errorf("%s: %v", path, err)
	}
	body := data[HeaderSize:]
	if _, records, err := readProgress(path); err == nil {
		if int64(len(body)) < records*RecordSize {
			return h, nil, fmt.Errorf("%s: its progress file counts %d records, it holds %d", path, records, len(body)/RecordSize)
		}
		body = body[:records*RecordSize]
	} else if len(body)%RecordSize != 0 {
		return h, nil, fmt.Errorf("%s: %d bytes after the last whole record; resume the run that made it, or cut the shard at a record", path, len(body)%RecordSize)
	}
	recs := make([]Record, len(body)/RecordSize)
	for i := range recs {
		copy(recs[i][:], body[i*RecordSize:])
	}
	return h, recs, nil
}
