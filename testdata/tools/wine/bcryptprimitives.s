# bcryptprimitives.dll for Wine 8 (Debian 12), in tests only.
#
# Go's Windows runtime (1.24 and later) takes its random numbers from
# ProcessPrng in bcryptprimitives.dll, which Windows 10 has and Wine gained
# only in 9.0; without it a Go program dies at start. This DLL exports
# ProcessPrng as a jump to advapi32's RtlGenRandom (SystemFunction036),
# which takes the same arguments in the same registers. release_check.py
# assembles it with binutils-mingw-w64 into a scratch Wine prefix when that
# Wine lacks the DLL; the release binaries themselves are not changed.
	.text
	.globl	ProcessPrng
ProcessPrng:
	jmp	*__imp_SystemFunction036(%rip)

	.globl	DllMain
DllMain:
	movl	$1, %eax
	ret
