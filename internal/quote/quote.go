// Package quote shortens the client input that messages quote; every
// layer uses it, so the rules packages need nothing from the engine kit.
package quote

// Truncate shortens s to n bytes and marks the cut, for messages that
// quote a client's input.
func Truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
