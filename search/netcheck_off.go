//go:build !debug

package search

// netCheck is off outside the debug build (netcheck_on.go).
const netCheck = false

func (w *worker) checkNet(int) {}
