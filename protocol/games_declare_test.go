package protocol

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/game"
	"tempest/games"
	"tempest/kit"
)

// What "games" says of each game is what the game does: the sides move in
// the declared order, every square a legal action names
// lies on the declared board, a view exists exactly when the game hides
// information, perft refuses one ply more than its declared maximum, and
// every declared go word's values are read without a complaint while a
// value it does not know draws one.
func TestGamesDeclareWhatTheyDo(t *testing.T) {
	out := runScript(t, "games\n")
	require.Contains(t, out, "games end")
	line := regexp.MustCompile(`(?m)^game (\S+) sides (\S+) players (\d+)-(\d+) board (\d+)x(\d+) hidden (\S+) cards (\w+) clock (\w+) uses (\S+) perft (\d+) bench (\d+)$`)
	declared := map[string][]string{}
	for _, m := range line.FindAllStringSubmatch(out, -1) {
		declared[m[1]] = m
	}
	square := regexp.MustCompile(`([a-z])(\d+)`)
	for _, v := range games.All() {
		t.Run(v.Name(), func(t *testing.T) {
			m := declared[v.Name()]
			require.NotNil(t, m, "games prints no line for %s:\n%s", v.Name(), out)
			p := v.Properties()
			assert.Contains(t, out, "game "+v.Name()+" title "+p.Title+"\n")
			assert.NotEmpty(t, p.Title)
			sides := strings.Split(m[2], ",")
			assert.Equal(t, p.Sides, sides)
			files, _ := strconv.Atoi(m[5])
			ranks, _ := strconv.Atoi(m[6])

			g, err := v.Start(nil, DefaultSettings())
			require.NoError(t, err)
			assert.Equal(t, sides[0], g.Status().ToMove, "the first side moves first")
			view, err := g.View(sides[0])
			assert.Equal(t, m[7] != "-", !errors.Is(err, game.ErrNoHiddenInformation), "hidden %s, view: %v", m[7], err)
			assert.Equal(t, p.Hidden.String(), m[7])
			// What is hidden shows in the view of the side to move: the board
			// (the first field) as it is when only hands are hidden, changed
			// when the other side's pieces are.
			if board := strings.Fields(g.Position())[0]; err == nil {
				switch m[7] {
				case "hands":
					assert.Equal(t, board, strings.Fields(view)[0], "hands hidden, yet the view's board differs")
					assert.NotEqual(t, g.Position(), view, "hands hidden, yet the view shows everything")
				case "pieces":
					assert.NotEqual(t, board, strings.Fields(view)[0], "pieces hidden, yet the view shows the board whole")
				default:
					t.Errorf("hidden %q is none of -, hands, pieces", m[7])
				}
			}
			// Each command the game declares is one it answers: run with no
			// arguments it never draws "unknown command".
			commands := regexp.MustCompile(`(?m)^game `+v.Name()+` command ([^\s:]+)[^:]*: (.+)$`).FindAllStringSubmatch(out, -1)
			assert.Len(t, commands, len(v.Commands()))
			for _, c := range commands {
				assert.Contains(t, v.Commands(), c[1])
				assert.NotEmpty(t, strings.TrimSpace(c[2]), "command %s has no help", c[1])
				got := runScript(t, fmt.Sprintf("setoption name UCI_Variant value %s\nposition startpos\n%s\n", v.Name(), c[1]))
				assert.NotContains(t, got, "unknown command", "declared command %s", c[1])
			}

			rng := rand.New(rand.NewPCG(1, 2))
			for ply := 0; ply < 60 && !g.Status().Over; ply++ {
				legal := g.Legal()
				require.NotEmpty(t, legal)
				assert.Contains(t, sides, g.Status().ToMove)
				if ply < len(sides) { // nobody is out yet: the sides move in their declared order
					assert.Equal(t, sides[ply], g.Status().ToMove, "ply %d", ply+1)
				}
				for _, a := range legal {
					for _, sq := range square.FindAllStringSubmatch(a, -1) {
						rank, _ := strconv.Atoi(sq[2])
						assert.True(t, int(sq[1][0]-'a') < files && rank >= 1 && rank <= ranks,
							"%s names %s%s, off the declared %dx%d board", a, sq[1], sq[2], files, ranks)
					}
				}
				_, err := g.Play(legal[rng.IntN(len(legal))])
				require.NoError(t, err)
			}

			// The clock words name what was declared: the second side's clock
			// alone is the mover's only where the mover's clock is declared.
			assert.Equal(t, p.Clocks == kit.MoverClock, m[9] == "mover")
			clocked := runScript(t, fmt.Sprintf("setoption name UCI_Variant value %s\nposition startpos\ngo btime 300\n", v.Name()))
			assert.Contains(t, clocked, "bestmove ")
			assert.Equal(t, m[9] == "sides", strings.Contains(clocked, "no clock given for the side to move"), "clock %s:\n%s", m[9], clocked)

			perft := runScript(t, fmt.Sprintf("setoption name UCI_Variant value %s\ngo perft %d\n", v.Name(), p.MaxPerftDepth+1))
			assert.Contains(t, perft, fmt.Sprintf("is not a number from 1 to %s", m[11]))

			for _, w := range p.GoWords {
				values := strings.Split(w.Arg, "|")
				if strings.HasPrefix(w.Arg, "<") {
					continue // a number: kit.ParseGo's own tests read those
				}
				for _, value := range values {
					got := runScript(t, fmt.Sprintf("setoption name UCI_Variant value %s\nposition startpos\ngo depth 1 %s %s\n", v.Name(), w.Name, value))
					assert.NotContains(t, got, "info string go "+w.Name, "go %s %s", w.Name, value)
					assert.Contains(t, got, "bestmove ")
				}
				got := runScript(t, fmt.Sprintf("setoption name UCI_Variant value %s\nposition startpos\ngo depth 1 %s nonsense\n", v.Name(), w.Name))
				assert.Contains(t, got, "info string go "+w.Name, "a value %s does not know", w.Name)
			}
		})
	}
}

// "levels" begins with chess's lines as it always printed them (the Elo
// UCI_Elo reads, measured in chess), then gives every other game whose
// levels were measured its own scale: every level once per scale, in
// order, named by the game and, for a scale of one number of players, by
// that number, as the game declares it.
func TestLevelsGiveEachGameItsOwnScale(t *testing.T) {
	out := runScript(t, "levels\n")
	line := regexp.MustCompile(`(?m)^level (\d+) (random|greedy|search|full) elo (\d+) measured (\S+)( players (\d+))?$`)
	got := line.FindAllStringSubmatch(out, -1)
	require.GreaterOrEqual(t, len(got), len(kit.PlayingLevels), out)
	kinds := map[kit.LevelKind]string{kit.FullStrength: "full", kit.RandomMover: "random",
		kit.GreedyMover: "greedy", kit.WeakSearch: "search"}
	for i, l := range kit.PlayingLevels {
		want := fmt.Sprintf("level %d %s elo %d measured %s", i, kinds[l.Kind], l.Elo, kit.EloMeasuredIn)
		assert.Equal(t, want, got[i][0], "chess's line of level %d", i)
	}
	printed := map[string][]int{} // "game" or "game/players": the Elo by level, in the order printed
	for _, m := range got {
		key := m[4]
		if m[6] != "" {
			key += "/" + m[6]
		}
		level, _ := strconv.Atoi(m[1])
		require.Equal(t, len(printed[key]), level, "%s: the levels in order, each once", key)
		assert.Equal(t, kinds[kit.PlayingLevels[level].Kind], m[2])
		elo, _ := strconv.Atoi(m[3])
		printed[key] = append(printed[key], elo)
	}
	declared := map[string][]int{}
	for _, v := range games.All() {
		for _, scale := range v.Properties().Levels {
			key := v.Name()
			if scale.Players > 0 {
				key += fmt.Sprintf("/%d", scale.Players)
			}
			declared[key] = scale.Elo
		}
	}
	assert.Equal(t, declared, printed)
	assert.Equal(t, kit.ChessScale().Elo, printed[kit.EloMeasuredIn])
}
