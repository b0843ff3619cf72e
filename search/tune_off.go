//go:build !tune

package search

// Tunables is empty outside the tune build.
var Tunables []Tunable

// Retune does nothing outside the tune build: the tables never change.
func Retune() {}
