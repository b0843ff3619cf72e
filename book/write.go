package book

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"io"
	"slices"
)

// Write writes entries to w as a book file: sorted by key (entries with
// the same key keep their order from the slice, so it decides their file
// order) and each as 16 big-endian bytes. The slice itself is not
// reordered. Since a book needs at least one entry, an empty slice is an
// error.
func Write(w io.Writer, entries []KeyedEntry) error {
	if len(entries) == 0 {
		return errors.New("book: no entries to write")
	}
	sorted := slices.Clone(entries)
	slices.SortStableFunc(sorted, func(a, b KeyedEntry) int { return cmp.Compare(a.Key, b.Key) })
	bw := bufio.NewWriter(w)
	var rec [EntrySize]byte
	for _, e := range sorted {
		binary.BigEndian.PutUint64(rec[0:], e.Key)
		binary.BigEndian.PutUint16(rec[8:], uint16(e.Move))
		binary.BigEndian.PutUint16(rec[10:], e.Weight)
		binary.BigEndian.PutUint32(rec[12:], e.Learn)
		if _, err := bw.Write(rec[:]); err != nil {
			return err
		}
	}
	return bw.Flush()
}
