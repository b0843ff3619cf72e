//go:build !tune

package eval

// tracing is false in release builds: trace calls compile away.
const tracing = false
