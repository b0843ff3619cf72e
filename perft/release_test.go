//go:build !debug

package perft

const debugBuild = false
