//go:build debug

package movegen

const debug = true
