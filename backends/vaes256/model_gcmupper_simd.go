//go:build goexperiment.simd && amd64 && go1.27

package vaes256

import "simd/archsimd"

// gcmZeroUpper clears the upper halves of the vector registers (asm:
// VZEROUPPER, before every RET). Compiled by Go 1.27 with its simd
// experiment, the models run on YMM registers and the compiler does not
// clear them; Go's own code that follows, the compiler's zeroing and
// copying of locals (MOVUPS) and memmove, runs legacy SSE instructions,
// each of which then waits on the dirty upper halves (on the Xeon, model
// 207, hundreds of nanoseconds a call). The GCM models call it when they
// return and before the tails, whose locals the compiler zeroes with
// MOVUPS.
func gcmZeroUpper() { archsimd.ClearAVXUpperBits() }
