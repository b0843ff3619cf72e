//go:build !purego

#include "textflag.h"

// The AVX2 kernels of the network: Hidden (256) int16 lanes are 512 bytes,
// sixteen 32-byte registers' worth, walked 32 bytes at a time.

// func addSubAVX2(dst, src, add, sub *[Hidden]int16)
// dst = src + add - sub, lane by lane, wrapping as int16 does in Go.
TEXT ·addSubAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub+24(FP), BX
	XORQ CX, CX
addSubLoop:
	VMOVDQU (SI)(CX*1), Y0
	VPADDW  (AX)(CX*1), Y0, Y0
	VPSUBW  (BX)(CX*1), Y0, Y0
	VMOVDQU Y0, (DI)(CX*1)
	ADDQ    $32, CX
	CMPQ    CX, $512
	JB      addSubLoop
	VZEROUPPER
	RET

// func addSubSubAVX2(dst, src, add, sub1, sub2 *[Hidden]int16)
// dst = src + add - sub1 - sub2 (a capture).
TEXT ·addSubSubAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub1+24(FP), BX
	MOVQ sub2+32(FP), DX
	XORQ CX, CX
addSubSubLoop:
	VMOVDQU (SI)(CX*1), Y0
	VPADDW  (AX)(CX*1), Y0, Y0
	VPSUBW  (BX)(CX*1), Y0, Y0
	VPSUBW  (DX)(CX*1), Y0, Y0
	VMOVDQU Y0, (DI)(CX*1)
	ADDQ    $32, CX
	CMPQ    CX, $512
	JB      addSubSubLoop
	VZEROUPPER
	RET

// func addAddSubSubAVX2(dst, src, add1, add2, sub1, sub2 *[Hidden]int16)
// dst = src + add1 + add2 - sub1 - sub2 (castling).
TEXT ·addAddSubSubAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add1+16(FP), AX
	MOVQ add2+24(FP), R8
	MOVQ sub1+32(FP), BX
	MOVQ sub2+40(FP), DX
	XORQ CX, CX
addAddSubSubLoop:
	VMOVDQU (SI)(CX*1), Y0
	VPADDW  (AX)(CX*1), Y0, Y0
	VPADDW  (R8)(CX*1), Y0, Y0
	VPSUBW  (BX)(CX*1), Y0, Y0
	VPSUBW  (DX)(CX*1), Y0, Y0
	VMOVDQU Y0, (DI)(CX*1)
	ADDQ    $32, CX
	CMPQ    CX, $512
	JB      addAddSubSubLoop
	VZEROUPPER
	RET

// func screluDotAVX2(v, w *[Hidden]int16) int32
// Σ clamp(v,0,255)² · w: the clamped value c times w in 16-bit lanes (it
// fits: |w| <= 127), then VPMADDWD multiplies by c again and adds pairs
// into 32-bit lanes. Sixteen rounds of two products of at most
// 255·255·127 stay far inside 32 bits.
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-20
	MOVQ         v+0(FP), SI
	MOVQ         w+8(FP), DI
	VPXOR        Y15, Y15, Y15
	MOVQ         $255, AX
	MOVQ         AX, X14
	VPBROADCASTW X14, Y14
	VPXOR        Y0, Y0, Y0
	XORQ         CX, CX
screluLoop:
	VMOVDQU  (SI)(CX*1), Y1
	VPMAXSW  Y15, Y1, Y1
	VPMINSW  Y14, Y1, Y1
	VPMULLW  (DI)(CX*1), Y1, Y2
	VPMADDWD Y1, Y2, Y2
	VPADDD   Y2, Y0, Y0
	ADDQ     $32, CX
	CMPQ     CX, $512
	JB       screluLoop
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4E, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xB1, X0, X1
	VPADDD       X1, X0, X0
	MOVQ         X0, AX
	MOVL         AX, ret+16(FP)
	VZEROUPPER
	RET
