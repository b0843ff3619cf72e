package syzygy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"tempest/internal/files"
	"tempest/movegen"
)

// material counts the pawns, knights, bishops, rooks and queens of each
// colour, three bits each (white in bits 0-14, black in 15-29). Kings are
// implied.
type material uint32

func materialShift(c movegen.Color, pt movegen.PieceType) uint {
	return 15*uint(c&1) + 3*uint(pt-movegen.Pawn)
}

func (m material) count(c movegen.Color, pt movegen.PieceType) int {
	if pt == movegen.King {
		return 1
	}
	return int(m >> materialShift(c, pt) & 7)
}

// mirror swaps the colours.
func (m material) mirror() material { return m>>15 | (m&0x7fff)<<15 }

// pieces counts the pieces, kings included.
func (m material) pieces() int {
	n := 2
	for ; m != 0; m >>= 3 {
		n += int(m & 7)
	}
	return n
}

func (m material) hasPawns() bool {
	return m.count(movegen.White, movegen.Pawn)+m.count(movegen.Black, movegen.Pawn) > 0
}

// boardMaterial returns the material on the board.
func boardMaterial(b *movegen.Board) material {
	var m material
	for c := movegen.White; c <= movegen.Black; c++ {
		for pt := movegen.Pawn; pt <= movegen.Queen; pt++ {
			m |= material(b.Pieces(c, pt).Count()) << materialShift(c, pt)
		}
	}
	return m
}

// materialOf sums the piece runs of a table's piece order (kings left out).
func materialOf(groups []pieceGroup) material {
	var m material
	for _, g := range groups {
		if g.pt != movegen.King {
			m += material(g.count) << materialShift(g.color, g.pt)
		}
	}
	return m
}

// pieceLetters lists the piece letters of file names strongest first.
const pieceLetters = "KQRBNP"

var letterType = [...]movegen.PieceType{movegen.King, movegen.Queen, movegen.Rook, movegen.Bishop, movegen.Knight, movegen.Pawn}

// parseName reads a table name such as "KQRvKR" (white's pieces first).
// Only names in the standard form are accepted: each side a king followed
// by its pieces strongest first, the side with more pieces first (or, with
// as many, the stronger one), at most seven pieces.
func parseName(name string) (material, bool) {
	sides := strings.Split(name, "v")
	if len(sides) != 2 || len(name)-1 > maxTablePieces {
		return 0, false
	}
	var m material
	var ranks [2][]int
	for c, side := range sides {
		if len(side) == 0 || side[0] != 'K' {
			return 0, false
		}
		last := 0
		for i := 0; i < len(side); i++ {
			r := strings.IndexByte(pieceLetters, side[i])
			if r < 0 || r < last || (i > 0 && r == 0) {
				return 0, false
			}
			last = r
			ranks[c] = append(ranks[c], r)
			if i > 0 {
				m += 1 << materialShift(movegen.Color(c), letterType[r])
			}
		}
	}
	if m == 0 {
		return 0, false // KvK has no table
	}
	// The standard orientation: more pieces first; as many, the side
	// whose pieces compare stronger first.
	w, b := ranks[0], ranks[1]
	if len(w) < len(b) || len(w) == len(b) && compareRanks(b, w) < 0 {
		return 0, false
	}
	return m, true
}

// compareRanks orders piece lists lexicographically (a lower rank is a
// stronger piece).
func compareRanks(a, b []int) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return len(a) - len(b)
}

// Table states.
const (
	fileUntouched uint32 = iota
	fileReady
	fileUnusable
)

// tableFile is one .rtbw or .rtbz file, mapped and parsed on first use.
type tableFile struct {
	path  string
	dtz   bool
	state atomic.Uint32
	mu    sync.Mutex
	data  []byte
	hdr   *header
	err   error // why the file is unusable
}

// ready maps and parses the file on first use; afterwards it is one atomic load.
func (f *tableFile) ready(e *entry) bool {
	switch f.state.Load() {
	case fileReady:
		return true
	case fileUnusable:
		return false
	}
	return f.load(e)
}

func (f *tableFile) load(e *entry) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s := f.state.Load(); s != fileUntouched {
		return s == fileReady
	}
	var data []byte
	err := fmt.Errorf("syzygy: no WDL file for %s", e.name)
	if f.dtz {
		err = fmt.Errorf("syzygy: no DTZ file for %s", e.name)
	}
	if f.path != "" {
		if data, err = files.Map(f.path); err != nil {
			err = fmt.Errorf("syzygy: %w", err) // names the path
		}
	}
	if err == nil {
		f.data = data
		if f.hdr, err = parse(data, e, f.dtz); err != nil {
			err = fmt.Errorf("syzygy: %s: %w", f.path, err)
		}
	}
	if err != nil {
		f.err = err
		f.release()
		f.state.Store(fileUnusable)
		return false
	}
	f.state.Store(fileReady)
	return true
}

// release unmaps the file's data; the caller holds f.mu.
func (f *tableFile) release() {
	if f.data != nil {
		files.Unmap(f.data)
		f.data = nil
	}
	f.hdr = nil
}

// entry is one material combination and its two files.
type entry struct {
	name      string
	mat       material // white = the first side of the name
	pieces    int
	symmetric bool
	wdl, dtz  tableFile
}

func (e *entry) hasPawns() bool { return e.mat.hasPawns() }

// pawnGroups returns the sizes of the two pawn groups of a pawn table: the
// leading group is the colour with fewer pawns, if it has any.
func (e *entry) pawnGroups() (leading, second int) {
	a, b := e.mat.count(movegen.White, movegen.Pawn), e.mat.count(movegen.Black, movegen.Pawn)
	if a > 0 && (b == 0 || a < b) {
		return a, b
	}
	return b, a
}

// uniquePieces counts the piece kinds (colour and type, kings included)
// present exactly once.
func (e *entry) uniquePieces() int {
	n := 0
	for c := movegen.White; c <= movegen.Black; c++ {
		for pt := movegen.Pawn; pt <= movegen.King; pt++ {
			if e.mat.count(c, pt) == 1 {
				n++
			}
		}
	}
	return n
}

// Tables is a set of Syzygy tables. It is safe for concurrent probing;
// Close must not run concurrently with probes.
type Tables struct {
	entries   []entry
	slots     []slot // open addressing on material, both colour orientations
	slotMask  uint32
	maxPieces int
	numFiles  int
}

type slot struct {
	key   material // key+1, 0 for an empty slot
	entry int32
}

func hashMaterial(m material) uint32 { return uint32(m) * 0x9e3779b1 }

// find returns the entry of material m (either orientation) or nil.
func (t *Tables) find(m material) *entry {
	if len(t.slots) == 0 {
		return nil
	}
	for i := hashMaterial(m) & t.slotMask; ; i = (i + 1) & t.slotMask {
		s := &t.slots[i]
		if s.key == m+1 {
			return &t.entries[s.entry]
		}
		if s.key == 0 {
			return nil
		}
	}
}

// Open finds the tables in a list of directories separated as in $PATH
// (':', or ';' on Windows). Files named after a material combination in the
// standard form (KQvKR.rtbw, KRPvKR.rtbz) are used, anything else ignored;
// when a table appears in two directories the first one is kept. Files are
// only mapped and checked when first probed. An empty list opens no tables.
func Open(paths string) (*Tables, error) {
	t := &Tables{}
	byName := map[string]int{}
	for _, dir := range filepath.SplitList(paths) {
		if dir == "" {
			continue
		}
		st, err := os.Stat(dir)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("syzygy: tablebase directory %q does not exist", files.Name(dir))
			}
			if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
				err = pe.Err // the path is named, cut short
			}
			return nil, fmt.Errorf("syzygy: tablebase directory %q: %w", files.Name(dir), err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("syzygy: tablebase path %q is not a directory", files.Name(dir))
		}
		list, err := files.ReadDir(dir) // never waits on a FIFO put in its place
		if err != nil {
			return nil, fmt.Errorf("syzygy: reading a tablebase directory: %w", err) // names it
		}
		for _, de := range list {
			name := de.Name()
			ext := filepath.Ext(name)
			// A FIFO or a device named like a table is no table (a
			// symlink is followed when the file is mapped, by package files).
			if ext != ".rtbw" && ext != ".rtbz" || de.Type()&^fs.ModeSymlink != 0 {
				continue
			}
			base := strings.TrimSuffix(name, ext)
			mat, ok := parseName(base)
			if !ok {
				continue
			}
			i, seen := byName[base]
			if !seen {
				i = len(t.entries)
				byName[base] = i
				t.entries = append(t.entries, entry{
					name: base, mat: mat, pieces: mat.pieces(), symmetric: mat == mat.mirror(),
				})
			}
			f := &t.entries[i].wdl
			if ext == ".rtbz" {
				f = &t.entries[i].dtz
			}
			if f.path == "" {
				f.path = filepath.Join(dir, name)
				f.dtz = ext == ".rtbz"
				t.numFiles++
			}
		}
	}

	size := 16
	for size < 4*len(t.entries) {
		size *= 2
	}
	t.slots = make([]slot, size)
	t.slotMask = uint32(size - 1)
	for i := range t.entries {
		e := &t.entries[i]
		if e.wdl.path != "" {
			t.maxPieces = max(t.maxPieces, e.pieces)
		}
		for _, m := range []material{e.mat, e.mat.mirror()} {
			j := hashMaterial(m) & t.slotMask
			for t.slots[j].key != 0 && t.slots[j].key != m+1 {
				j = (j + 1) & t.slotMask
			}
			t.slots[j] = slot{key: m + 1, entry: int32(i)}
		}
	}
	return t, nil
}

// MaxPieces returns the largest piece count (kings included) of the WDL
// tables found; 0 when there are none. Positions with more pieces are never
// probed.
func (t *Tables) MaxPieces() int {
	if t == nil {
		return 0
	}
	return t.maxPieces
}

// Files returns how many table files (WDL and DTZ) were found.
func (t *Tables) Files() int {
	if t == nil {
		return 0
	}
	return t.numFiles
}

// Close unmaps every table. Probes after Close report ok=false.
func (t *Tables) Close() error {
	if t == nil {
		return nil
	}
	for i := range t.entries {
		for _, f := range []*tableFile{&t.entries[i].wdl, &t.entries[i].dtz} {
			f.mu.Lock()
			f.release()
			f.state.Store(fileUnusable)
			f.mu.Unlock()
		}
	}
	return nil
}

// errorOf reports why the table of a material combination could not be
// used, for tests and diagnostics.
func (t *Tables) errorOf(name string, dtz bool) error {
	for i := range t.entries {
		if e := &t.entries[i]; e.name == name {
			f := &e.wdl
			if dtz {
				f = &e.dtz
			}
			f.ready(e)
			f.mu.Lock()
			defer f.mu.Unlock()
			return f.err
		}
	}
	return errors.New("no such table")
}
