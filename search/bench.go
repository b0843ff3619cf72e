package search

import (
	"context"
	"fmt"
	"time"

	"tempest/kit"
	"tempest/movegen"
	"tempest/nnue"
	"tempest/tt"
)

// BenchDepth is the default depth of "bench": deep enough to exercise every
// pruning step, short enough to run in seconds.
const BenchDepth = 12

// benchPositions are the fixed positions of "bench": the Bratko-Kopec test
// (24 middlegames), ten endgames from the Eigenmann endgame test, eight
// tactical positions from Win at Chess, and the seven perft positions of the
// chessprogramming wiki (openings and special moves). All come from the
// public suites in testdata/.
var benchPositions = []string{
	"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
	"3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
	"2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
	"rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
	"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
	"2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
	"1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
	"4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1",
	"2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
	"3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
	"2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
	"r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
	"r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
	"rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - 0 1",
	"2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
	"r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",
	"r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1",
	"r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1",
	"3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
	"r4k2/pb2bp1r/1p1qp2p/3pNp2/3P1P2/2N3P1/PPP1Q2P/2KRR3 w - - 0 1",
	"3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1",
	"2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
	"r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1",
	"r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - - 0 1",
	"8/8/p2p3p/3k2p1/PP6/3K1P1P/8/8 b - - 0 1",
	"6k1/5p2/P3p1p1/2Qp4/5q2/2K5/8/8 b - - 0 1",
	"8/4k3/8/2Kp3p/B3bp1P/P7/1P6/8 b - - 0 1",
	"8/p5pq/8/p2N3p/k2P3P/8/KP3PB1/8 w - - 0 1",
	"8/8/1p2p3/p3p2b/P1PpP2P/kP6/2K5/7N w - - 0 1",
	"3k3K/p5P1/P3r3/8/1N6/8/8/8 w - - 0 1",
	"r2k4/8/8/1P4p1/8/p5P1/6P1/1R3K2 w - - 0 1",
	"5k2/1p6/1P1p4/1K1p2p1/PB1P2P1/3pR2p/1P2p1pr/8 w - - 0 1",
	"8/7p/6p1/3Np1bk/4Pp2/1R3PPK/5r1P/8 w - - 0 1",
	"1r6/1r6/1P1KP3/6k1/1R4p1/7p/7R/8 w - - 0 1",
	"5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
	"r2q3k/p2P3p/1p3p2/3QP1r1/8/B7/P5PP/2R3K1 w - - 0 1",
	"3rr1k1/ppqbRppp/2p5/8/3Q1n2/2P3N1/PPB2PPP/3R2K1 w - - 0 1",
	"6k1/1b2rp2/1p4p1/3P4/PQ4P1/2N2q2/5P2/3R2K1 b - - 0 1",
	"5rk1/2p4p/2p4r/3P4/4p1b1/1Q2NqPp/PP3P1K/R4R2 b - - 0 1",
	"r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1",
	"1r3r1k/3p4/1p1Nn1R1/4Pp1q/pP3P1p/P7/5Q1P/6RK w - - 0 1",
	"3q1rk1/4bp1p/1n2P2Q/3p1p2/6r1/Pp2R2N/1B4PP/7K w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 1",
}

// Bench searches every bench position to depth with a fresh engine state per
// position and reports one line per position. With one thread the node
// total is a signature of the search: any functional change alters it.
// Cancelling ctx ends the run after the current position; the result then
// covers the positions searched so far and Stopped is set.
func Bench(ctx context.Context, depth, threads, hashMB int, net *nnue.Network, report func(string)) kit.BenchResult {
	t, err := tt.New(hashMB)
	if err != nil {
		return kit.BenchResult{Err: err}
	}
	e := NewWithTable(t)
	if err := e.CheckThreads(threads); err != nil {
		return kit.BenchResult{Err: err}
	}
	e.SetOptions(Options{Threads: threads, MultiPV: 1})
	e.SetNet(net)
	var total kit.BenchResult
	for i, fen := range benchPositions {
		if ctx.Err() != nil {
			total.Stopped = true
			break
		}
		pos, err := movegen.ParseFEN(fen)
		if err != nil {
			panic(fmt.Sprintf("bench position %d %q: %v", i+1, fen, err)) // a constant list: a bug, not input
		}
		e.NewGame()
		start := time.Now()
		res := e.Search(ctx, pos, Limits{Depth: depth}, nil)
		elapsed := time.Since(start)
		total.Nodes += res.Nodes
		total.Elapsed += elapsed
		report(fmt.Sprintf("position %2d/%d %-6s %10d nodes %8d ms  %s", i+1, len(benchPositions),
			res.BestMove.UCI(false), res.Nodes, elapsed.Milliseconds(), fen))
	}
	return total
}
