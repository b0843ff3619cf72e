// Package kit, the engine kit, is what the engines of every game Tempest
// plays share: the limits of one search (clocks indexed by player, for two
// to four players), the time manager that turns a clock into a budget and
// keeps a reserve against lag, the playing levels with their noisy choice
// among near-equal moves, the hold that keeps an infinite or pondering
// search's answer back until the GUI may have it, the parsing of "go" and
// the info line every game reports with.
//
// Nothing here knows a game's rules. A game's search package binds the
// generic parts to its move type (Limits[Move]) and adds what only it
// needs; docs/DEVELOPING.md describes the layout.
package kit
