package book_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"tempest/book"
	"tempest/movegen"
)

// A two-move book for the start position, written and read back in memory;
// Open reads one from a file the same way.
func Example() {
	pos := movegen.NewStartPosition()
	e4, _ := pos.ParseUCIMove("e2e4", false)
	d4, _ := pos.ParseUCIMove("d2d4", false)
	var file bytes.Buffer
	err := book.Write(&file, []book.KeyedEntry{
		book.NewEntry(pos, e4, 3, 0),
		book.NewEntry(pos, d4, 1, 0),
	})
	if err != nil {
		panic(err)
	}
	b, err := book.Parse(file.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Printf("key %016x\n", book.Key(pos))
	for _, e := range b.Entries(pos) {
		fmt.Println(e.Move, e.Raw, e.Weight)
	}
	best, _ := b.Pick(pos, nil, book.Best)
	fmt.Println("best:", best)
	rng := rand.New(rand.NewPCG(1, 2)) // the same seed gives the same choice
	m, ok := b.Pick(pos, rng, book.Weighted)
	fmt.Println("weighted:", m == e4 || m == d4, ok)
	// Output:
	// key 463b96181691fc9c
	// e2e4 e2e4 3
	// d2d4 d2d4 1
	// best: e2e4
	// weighted: true true
}
