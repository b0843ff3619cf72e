package book

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"sort"

	"tempest/internal/files"
	"tempest/movegen"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// Entry is one book move for a position, as Entries returns it.
type Entry struct {
	Move   movegen.Move // the legal move the entry names
	Raw    RawMove      // the move as the book stores it
	Weight uint16       // how often to play it, relative to the other entries
	Learn  uint32       // extra data some tools keep; Tempest does not use it
}

// KeyedEntry is one record of a book file: a position's key and a move.
type KeyedEntry struct {
	Key    uint64
	Move   RawMove
	Weight uint16
	Learn  uint32
}

// NewEntry builds the record for playing m (legal in pos) from pos.
func NewEntry(pos *movegen.Position, m movegen.Move, weight uint16, learn uint32) KeyedEntry {
	return KeyedEntry{Key: Key(pos), Move: EncodeMove(m), Weight: weight, Learn: learn}
}

// Book is an opening book held in memory. It is read-only once opened, so
// any number of goroutines may probe it at once.
type Book struct {
	data []byte // whole entries, sorted by key
}

// FormatError reports a file that is not a usable book.
type FormatError struct {
	Offset  int64 // byte offset of the offending entry, or -1 when the problem is the whole file
	Problem string
}

func (e *FormatError) Error() string {
	if e.Offset < 0 {
		return e.Problem
	}
	return fmt.Sprintf("at byte offset %d (entry %d): %s", e.Offset, e.Offset/EntrySize, e.Problem)
}

// MaxFileSize bounds a book Open reads into memory (the largest public
// books are a few hundred MB); the memory the machine has left bounds it
// too.
const MaxFileSize = 2 << 30

// Open reads and checks the book file at path (Read, never stopped).
func Open(path string) (*Book, error) { return Read(context.Background(), path) }

// Check is the quick look at path a caller takes before it reads the book
// off its command loop: a regular file (a device or a pipe named by
// mistake, /dev/zero, would never end), a whole number of entries, at most
// MaxFileSize bytes and no more than the memory can hold (package files).
// It opens nothing, so it cannot block. Errors name the file.
func Check(path string) error {
	size, err := files.Check(path)
	if err != nil {
		return fmt.Errorf("opening book: %w", err)
	}
	if size > MaxFileSize {
		err = &FormatError{Offset: -1, Problem: fmt.Sprintf("%d bytes, more than the %d a book may have", size, int64(MaxFileSize))}
	} else {
		err = sizeError(size)
	}
	if err != nil {
		return fmt.Errorf("opening book %s: %w", files.Name(path), err)
	}
	return nil
}

// Read reads and checks the book file at path; it stops, with ctx's error,
// when ctx is done (a large book takes seconds). Errors name the file.
func Read(ctx context.Context, path string) (*Book, error) {
	if err := Check(path); err != nil {
		return nil, err
	}
	data, err := files.Read(ctx, path, 0)
	if err != nil {
		return nil, fmt.Errorf("opening book: %w", err)
	}
	b, err := parse(ctx, data)
	if err != nil {
		return nil, fmt.Errorf("opening book %s: %w", files.Name(path), err)
	}
	return b, nil
}

// Parse checks data, the bytes of a book file, and returns the book. It
// keeps data, which the caller must not change afterwards. A book must
// hold at least one entry, its size must be a whole number of entries,
// and its entries must be sorted by key (probing relies on it).
func Parse(data []byte) (*Book, error) { return parse(context.Background(), data) }

// sizeError refuses a size that is not a whole, positive number of entries.
func sizeError(size int64) error {
	switch {
	case size == 0:
		return &FormatError{Offset: -1, Problem: "empty file: a book holds at least one 16-byte entry"}
	case size%EntrySize != 0:
		return &FormatError{Offset: -1, Problem: fmt.Sprintf(
			"size %d bytes is not a whole number of 16-byte entries (%d left over): not a Polyglot book, or a truncated one",
			size, size%EntrySize)}
	}
	return nil
}

// parseChunk is how many entries parse checks between two looks at ctx.
const parseChunk = 1 << 20

func parse(ctx context.Context, data []byte) (*Book, error) {
	if err := sizeError(int64(len(data))); err != nil {
		return nil, err
	}
	prev := binary.BigEndian.Uint64(data)
	for off := EntrySize; off < len(data); off += EntrySize {
		if off%(parseChunk*EntrySize) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		key := binary.BigEndian.Uint64(data[off:])
		if key < prev {
			return nil, &FormatError{Offset: int64(off), Problem: fmt.Sprintf(
				"entries are not sorted by key: key %016x follows %016x", key, prev)}
		}
		prev = key
	}
	return &Book{data: data}, nil
}

// Len returns the number of entries in the book.
func (b *Book) Len() int { return len(b.data) / EntrySize }

// At returns the entry at index i (0 <= i < Len()), as the file has it.
func (b *Book) At(i int) KeyedEntry {
	e := b.data[i*EntrySize : i*EntrySize+EntrySize]
	return KeyedEntry{
		Key:    binary.BigEndian.Uint64(e),
		Move:   RawMove(binary.BigEndian.Uint16(e[8:])),
		Weight: binary.BigEndian.Uint16(e[10:]),
		Learn:  binary.BigEndian.Uint32(e[12:]),
	}
}

// first returns the index of the first entry with the key, or Len() if none.
func (b *Book) first(key uint64) int {
	return sort.Search(b.Len(), func(i int) bool {
		return binary.BigEndian.Uint64(b.data[i*EntrySize:]) >= key
	})
}

// Entries returns the book's moves for pos in file order, weight-0 entries
// included; entries that name no legal move are left out. Chess960
// positions get none: the format's keys and castling moves are for
// standard chess.
func (b *Book) Entries(pos *movegen.Position) []Entry {
	return b.appendEntries(nil, pos)
}

// appendEntries appends the entries for pos to dst. When the position may
// have followed a two-square step whose capture is illegal (see Key), the
// keys with that step's file are probed after the plain key, if it has no
// entries.
func (b *Book) appendEntries(dst []Entry, pos *movegen.Position) []Entry {
	if pos.IsChess960() {
		return dst
	}
	var buf [movegen.MaxMoves]movegen.Move
	legal := pos.GenLegal(buf[:])
	n := len(dst)
	dst = b.appendKey(dst, Key(pos), legal)
	for alt := altEnPassant(pos); alt != 0 && len(dst) == n; {
		dst = b.appendKey(dst, KeyWithEnPassant(pos, alt.PopLSB()), legal)
	}
	return dst
}

// appendKey appends the entries with the key whose move is legal.
func (b *Book) appendKey(dst []Entry, key uint64, legal []movegen.Move) []Entry {
	for i := b.first(key); i < b.Len(); i++ {
		e := b.At(i)
		if e.Key != key {
			break
		}
		if m, ok := match(e.Move, legal); ok {
			dst = append(dst, Entry{Move: m, Raw: e.Move, Weight: e.Weight, Learn: e.Learn})
		}
	}
	return dst
}

// Mode tells Pick how to choose among a position's book moves.
type Mode uint8

const (
	// Weighted picks a move at random with probability proportional to
	// its weight.
	Weighted Mode = iota
	// Best picks the move of highest weight, the first in file order
	// among equals.
	Best
)

func (m Mode) String() string {
	switch m {
	case Weighted:
		return "weighted"
	case Best:
		return "best"
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// Pick chooses a book move for pos, or reports false when the book has
// none: the position is not in the book, all its entries have weight 0 or
// name illegal moves, or pos is a Chess960 position. Entries of weight 0
// are never chosen (books use weight 0 to switch a move off).
//
// In Weighted mode a move is drawn from rng, so the choice is the same for
// the same generator state (rand.New(rand.NewPCG(seed1, seed2)) gives a
// repeatable one); a nil rng uses the math/rand/v2 global source. In Best
// mode rng is not used and may be nil. A move listed several times counts
// with the sum of its weights in Weighted mode, with its largest in Best
// mode. Any mode other than Best counts as Weighted.
func (b *Book) Pick(pos *movegen.Position, rng *rand.Rand, mode Mode) (movegen.Move, bool) {
	var buf [32]Entry
	entries := b.appendEntries(buf[:0], pos)
	return Choose(entries, rng, mode)
}

// Choose chooses among entries as Pick does, for a caller that filtered a
// position's entries first (the moves a GUI allows with searchmoves).
func Choose(entries []Entry, rng *rand.Rand, mode Mode) (movegen.Move, bool) {
	var total uint64
	best := -1
	for i, e := range entries {
		total += uint64(e.Weight)
		if e.Weight > 0 && (best < 0 || e.Weight > entries[best].Weight) {
			best = i
		}
	}
	if total == 0 {
		return movegen.NullMove, false
	}
	if mode == Best {
		return entries[best].Move, true
	}
	var r uint64
	if rng != nil {
		r = rng.Uint64N(total)
	} else {
		r = rand.Uint64N(total)
	}
	for _, e := range entries {
		if r < uint64(e.Weight) {
			return e.Move, true
		}
		r -= uint64(e.Weight)
	}
	panic("book: weighted pick ran past the total weight")
}
