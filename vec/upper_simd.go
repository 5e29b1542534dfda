//go:build goexperiment.simd && amd64 && go1.27 && !vec_emulate

package vec

import "simd/archsimd"

// ZeroUpper clears the upper halves of the vector registers, as the
// assembly kernels' VZEROUPPER does before they return: after code on
// 256- or 512-bit registers, Go's own code, which runs legacy SSE
// instructions (the compiler's copies of locals, memmove), would otherwise
// wait on the dirty upper halves at each of them. archsimd has it as
// ClearAVXUpperBits, which this calls.
//
// Asm: VZEROUPPER, CPU Feature: AVX
func ZeroUpper() { archsimd.ClearAVXUpperBits() }
