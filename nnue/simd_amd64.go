//go:build !purego

package nnue

import "golang.org/x/sys/cpu"

// useSIMD selects the AVX2 kernels; tests switch it to compare the paths.
var useSIMD = cpu.X86.HasAVX2

// The kernels (simd_amd64.s) assume Hidden = 256.
var _ [Hidden - 256]struct{}
var _ [256 - Hidden]struct{}

//go:noescape
func addSubAVX2(dst, src, add, sub *[Hidden]int16)

//go:noescape
func addSubSubAVX2(dst, src, add, sub1, sub2 *[Hidden]int16)

//go:noescape
func addAddSubSubAVX2(dst, src, add1, add2, sub1, sub2 *[Hidden]int16)

//go:noescape
func screluDotAVX2(v, w *[Hidden]int16) int32
