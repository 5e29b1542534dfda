//go:build goexperiment.simd && amd64 && go1.27 && !vec_emulate

package archsimd

import (
	simd "simd/archsimd"

	"golang.org/x/sys/cpu"
)

// chooseWidth returns the widest models this CPU runs, by archsimd's own
// feature queries, which name the features its operations need (the "CPU
// Feature" of each vec operation's documentation):
//
//   - 512: AVX512 (F, BW, VL and the rest archsimd groups under it),
//     AVX512VAES and AVX512VPCLMULQDQ, for the ZMM forms; AVX2 and AVXAES
//     for the XMM and YMM short paths.
//   - 256: AVX2 and VAES, and AVXAES for the one-block steps. archsimd has
//     no query for VPCLMULQDQ on YMM registers (it files CarrylessMultiply
//     on Uint64x4 under AVX2); every CPU with VAES has had it too.
//   - 128: AVX2 (aesni's models broadcast with VPBROADCASTQ) and AVXAES,
//     and PCLMULQDQ, which archsimd files under AVX; x/sys/cpu reports it.
func chooseWidth() int {
	x := simd.X86
	switch {
	case x.AVX512() && x.AVX512VAES() && x.AVX512VPCLMULQDQ() && x.AVX2() && x.AVXAES():
		return w512
	case x.AVX2() && x.VAES() && x.AVXAES():
		return w256
	case x.AVX2() && x.AVXAES() && cpu.X86.HasPCLMULQDQ:
		return w128
	}
	return 0
}
