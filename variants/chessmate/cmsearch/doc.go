// Package cmsearch searches card chess. Its alpha-beta search is the chess
// search itself: the gen_*.go files are the search package's hot path,
// copied by go generate without what only chess uses (its endgame tables,
// the tune build's parameters), and game.go binds them to card chess as
// search/game_chess.go binds them to chess. hidden.go adds what chess does not need: choosing a
// move without seeing the opponent's cards or the draw pile.
package cmsearch

//go:generate go run ../../../search/internal/gencopy -from ../../../search -to . -pkg cmsearch
