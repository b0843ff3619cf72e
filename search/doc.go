// Package search finds the best move: iterative deepening with aspiration
// windows over a principal-variation alpha-beta search with quiescence, the
// usual pruning and reduction family, a staged move picker, history-based
// ordering, MultiPV, pondering, time management and Lazy SMP threads sharing
// one transposition table. The steps of the node search are numbered in
// alphabeta.go, each with the reason it is there.
package search
