package nnue

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// mirroredNet is randomNet with king-mirrored inputs.
func mirroredNet(seed uint64) *Network {
	n := randomNet(seed)
	n.KingMirror = true
	return n
}

// reflect is pos with its board reflected from the a-file to the h-file:
// the same chess when no castling right is left.
func reflect(t *testing.T, pos *movegen.Position) *movegen.Position {
	f := strings.Fields(pos.FEN())
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		slices.Reverse(b)
		ranks[i] = string(b)
	}
	f[0] = strings.Join(ranks, "/")
	require.Equal(t, "-", f[2])
	if f[3] != "-" {
		f[3] = string(rune('h'-(f[3][0]-'a'))) + f[3][1:]
	}
	out, err := movegen.ParseFEN(strings.Join(f, " "))
	require.NoError(t, err)
	return out
}

// A king-mirrored net scores a position without castling rights and its
// a↔h reflection alike (they are the same chess), while a plain net, with
// the same weights, tells them apart: positions from random games, most
// with the kings on different wings.
func TestKingMirroredNetScoresReflectionsAlike(t *testing.T) {
	n := mirroredNet(30)
	plain := randomNet(30)
	rng := rand.New(rand.NewPCG(31, 32))
	var buf [movegen.MaxMoves]movegen.Move
	checked, plainDiffers := 0, 0
	for game := 0; game < 40; game++ {
		pos := movegen.NewStartPosition()
		for ply := 0; ply < 200 && pos.Outcome() == movegen.Ongoing; ply++ {
			if pos.Castling() == 0 {
				ref := reflect(t, pos)
				var a, b Accumulator
				n.Refresh(&a, pos)
				n.Refresh(&b, ref)
				stm, pieces := pos.SideToMove(), pos.Occupied().Count()
				require.Equal(t, n.Evaluate(&a, stm, pieces), n.Evaluate(&b, stm, pieces), "%s and %s", pos.FEN(), ref.FEN())
				plain.Refresh(&a, pos)
				plain.Refresh(&b, ref)
				if plain.Evaluate(&a, stm, pieces) != plain.Evaluate(&b, stm, pieces) {
					plainDiffers++
				}
				checked++
			}
			moves := pos.GenLegal(buf[:])
			var u movegen.Undo
			pos.Make(moves[rng.IntN(len(moves))], &u)
		}
	}
	require.Greater(t, checked, 1000)
	assert.Greater(t, plainDiffers, checked*9/10, "a plain net should see the reflection as another position")
}

// Each perspective of a king-mirrored net sees its own king on files a–d,
// wherever it stands; the other king may stand anywhere.
func TestKingMirroredPerspectivesSeeTheirKingOnTheQueenSide(t *testing.T) {
	for _, side := range []movegen.Color{movegen.White, movegen.Black} {
		own := movegen.MakePiece(side, movegen.King)
		for k := movegen.Square(0); k < 64; k++ {
			f := MirroredFeature(side, own, k, k)
			assert.Less(t, f%8, 4, "%v king on %v", side, k)
			assert.Equal(t, Feature(side, own, k^movegen.Square(7*(int(k&7)/4))), f)
		}
	}
	// A rook on a1 seen by White with its king on g1 is the rook on h1 of
	// a plain net: the board turned over.
	assert.Equal(t, Feature(movegen.White, movegen.WhiteRook, movegen.H1), MirroredFeature(movegen.White, movegen.WhiteRook, movegen.A1, movegen.G1))
	assert.Equal(t, Feature(movegen.White, movegen.WhiteRook, movegen.A1), MirroredFeature(movegen.White, movegen.WhiteRook, movegen.A1, movegen.D1))
}

// The accumulators of a king-mirrored net kept up move by move equal a
// refresh after every move of random games, with kings crossing between
// the d- and e-files (queen-side castling and a Chess960 king's castling
// from b1 to g1 among them), kings capturing, and null moves (an empty
// delta); with the rebuild on a crossing left out, they would not.
func TestKingMirroredIncrementalMatchesRefresh(t *testing.T) {
	bothPaths(t, func(t *testing.T) { mirroredIncrementalMatchesRefresh(t, false) })
}

// The check above fails when a crossing is updated like any other move.
func TestDroppingTheRebuildOnACrossingIsCaught(t *testing.T) {
	mirroredIncrementalMatchesRefresh(t, true)
}

func mirroredIncrementalMatchesRefresh(t *testing.T, dropRebuild bool) {
	n := mirroredNet(33)
	rng := rand.New(rand.NewPCG(34, 35))
	var buf [movegen.MaxMoves]movegen.Move
	kinds := map[string]int{}
	mismatches := 0
	for game := 0; game < 150; game++ {
		pos := movegen.NewStartPosition()
		var err error
		switch game % 3 {
		case 0: // castling on both wings at once
			pos, err = movegen.ParseFEN("r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1")
		case 1: // Chess960: the king on b1 castles across to g1, or stays on c1
			pos, err = movegen.ParseFEN("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1")
		}
		require.NoError(t, err)
		var acc, fresh Accumulator
		n.Refresh(&acc, pos)
		for ply := 0; ply < 300 && pos.Outcome() == movegen.Ongoing; ply++ {
			if ply%17 == 5 && !pos.InCheck() { // a null move changes no piece
				var u movegen.Undo
				var next Accumulator
				n.Apply(&next, &acc, &Delta{})
				pos.MakeNull(&u)
				acc = next
				kinds["null"]++
				n.Refresh(&fresh, pos)
				require.Equal(t, fresh, acc, "after a null move in game %d at %s", game, pos.FEN())
				continue
			}
			moves := pos.GenLegal(buf[:])
			m := moves[rng.IntN(len(moves))]
			d := MoveDelta(pos, m)
			if d.Crossed != 0 {
				kinds["crossing"]++
				if m.IsCastling() {
					kinds["castling across"]++
					if pos.IsChess960() {
						kinds["Chess960 castling across"]++
					}
				}
				if d.NumSub == 2 && !m.IsCastling() {
					kinds["king captures across"]++
				}
			}
			if dropRebuild {
				d.Crossed = 0
			}
			var next Accumulator
			n.Apply(&next, &acc, &d)
			var u movegen.Undo
			pos.Make(m, &u)
			n.Refresh(&fresh, pos)
			if dropRebuild {
				if fresh != next {
					mismatches++
					next = fresh
				}
				acc = next
				continue
			}
			acc = next
			require.Equal(t, fresh, acc, "after %s in game %d at %s", m, game, pos.FEN())
		}
	}
	if dropRebuild {
		assert.Equal(t, kinds["crossing"], mismatches, "every crossing updated as a plain move differs from a refresh")
		return
	}
	for _, k := range []string{"crossing", "castling across", "Chess960 castling across", "king captures across", "null"} {
		assert.Positive(t, kinds[k], "the games met no %s", k)
	}
}

// A plain net ignores the crossing marks: its accumulators follow the
// same moves as before king mirroring existed.
func TestPlainNetIgnoresCrossings(t *testing.T) {
	n := randomNet(36)
	pos, err := movegen.ParseFEN("4k3/8/8/8/8/8/8/3K4 w - - 0 1")
	require.NoError(t, err)
	m, err := pos.ParseUCIMove("d1e1", false)
	require.NoError(t, err)
	d := MoveDelta(pos, m)
	require.Equal(t, uint8(1<<movegen.White), d.Crossed)
	var acc, next, fresh Accumulator
	n.Refresh(&acc, pos)
	n.Apply(&next, &acc, &d)
	var u movegen.Undo
	pos.Make(m, &u)
	n.Refresh(&fresh, pos)
	assert.Equal(t, fresh, next)
}

// A king-mirrored net is written as a version 2 file with its flag and
// reads back the same; a plain net keeps version 1.
func TestKingMirroredNetFileRoundTrip(t *testing.T) {
	n := mirroredNet(37)
	var b bytes.Buffer
	require.NoError(t, n.Save(&b, "king-mirrored test net"))
	require.Equal(t, FileSize+flagBytes, b.Len())
	assert.Equal(t, uint32(flagsVersion), binary.LittleEndian.Uint32(b.Bytes()[8:]))
	back, prov, err := Load(bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, "king-mirrored test net", prov)
	assert.True(t, back.KingMirror)
	assert.Equal(t, n, back)

	// The nets made before flags are plain and keep their version.
	def, _ := Default()
	assert.False(t, def.KingMirror)
	assert.Equal(t, uint32(fileVersion), binary.LittleEndian.Uint32(defaultFile[8:]))
	gen2File, err := os.ReadFile(filepath.Join("testdata", "gen2.nnue"))
	require.NoError(t, err)
	gen2, _, err := Load(bytes.NewReader(gen2File))
	require.NoError(t, err)
	assert.False(t, gen2.KingMirror)

	var plain bytes.Buffer
	require.NoError(t, randomNet(37).Save(&plain, "king-mirrored test net"))
	assert.Equal(t, uint32(fileVersion), binary.LittleEndian.Uint32(plain.Bytes()[8:]))
	assert.Equal(t, b.Bytes()[headerBytes+flagBytes:b.Len()-4], plain.Bytes()[headerBytes:plain.Len()-4], "the same weights after the header")
}

// Flags this build does not know, a version 2 file without flags and one
// cut inside its flags are refused by name.
func TestBadFlagsAreRefused(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, mirroredNet(38).Save(&b, "x"))
	good := b.Bytes()
	withFlags := func(flags uint32) []byte {
		d := bytes.Clone(good)
		binary.LittleEndian.PutUint32(d[headerBytes:], flags)
		binary.LittleEndian.PutUint32(d[len(d)-4:], crc32.ChecksumIEEE(d[:len(d)-4]))
		return d
	}
	for want, data := range map[string][]byte{
		"unknown flags 0x2":       withFlags(3),
		"unknown flags 0x80000":   withFlags(1 << 19),
		"without flags":           withFlags(0),
		"truncated in its header": good[:headerBytes+2],
		"damaged":                 func() []byte { d := bytes.Clone(good); d[headerBytes+10] ^= 4; return d }(),
	} {
		_, _, err := Load(bytes.NewReader(data))
		assert.ErrorContains(t, err, want)
	}
	// A version 1 file of the size of a version 2 one is padded.
	d := bytes.Clone(good)
	binary.LittleEndian.PutUint32(d[8:], fileVersion)
	binary.LittleEndian.PutUint32(d[len(d)-4:], crc32.ChecksumIEEE(d[:len(d)-4]))
	_, _, err := Load(bytes.NewReader(d))
	assert.ErrorContains(t, err, "truncated or padded")
}
