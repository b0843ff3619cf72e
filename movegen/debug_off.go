//go:build !debug

package movegen

// debug turns on invariant checks after every make and unmake; build with
// -tags debug to enable them (see debug_on.go).
const debug = false
