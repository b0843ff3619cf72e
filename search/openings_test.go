package search

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"tempest/kit"
	"tempest/movegen"
)

// The weak levels vary their openings by their own noise (a session seeds
// them from the clock): 50 games of a level against itself from the start
// position, each with another seed, give at least 20 different first five
// moves (ten plies) at every level from 0 to 6.
func TestWeakLevelsVaryTheirOpenings(t *testing.T) {
	const games, plies = 50, 10
	for level := 0; level <= 6; level++ {
		l := kit.PlayingLevels[level].Level
		lines := map[string]bool{}
		fivePlies := map[string]bool{}
		for seed := uint64(1); seed <= games; seed++ {
			e := New(1)
			e.SetLevel(l, seed)
			pos := movegen.NewStartPosition()
			var moves []string
			for ply := 0; ply < plies && pos.Outcome() == movegen.Ongoing; ply++ {
				res := e.Search(context.Background(), pos, Limits{}, nil)
				moves = append(moves, res.BestMove.UCI(false))
				var u movegen.Undo
				pos.Make(res.BestMove, &u)
			}
			lines[strings.Join(moves, " ")] = true
			fivePlies[strings.Join(moves[:min(5, len(moves))], " ")] = true
		}
		t.Logf("level %d: %d distinct first five moves, %d distinct first five plies, in %d games", level, len(lines), len(fivePlies), games)
		assert.GreaterOrEqual(t, len(lines), 20, "level %d", level)
	}
}
