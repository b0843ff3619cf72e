//go:build !amd64 || purego

package nnue

// useSIMD is false: outside amd64, or with the purego tag (to measure the
// portable path on amd64), the portable kernels run.
var useSIMD = false

func addSubAVX2(dst, src, add, sub *[Hidden]int16)                     { panic("nnue: no SIMD path") }
func addSubSubAVX2(dst, src, add, sub1, sub2 *[Hidden]int16)           { panic("nnue: no SIMD path") }
func addAddSubSubAVX2(dst, src, add1, add2, sub1, sub2 *[Hidden]int16) { panic("nnue: no SIMD path") }
func screluDotAVX2(v, w *[Hidden]int16) int32                          { panic("nnue: no SIMD path") }
