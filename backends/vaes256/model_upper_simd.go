//go:build goexperiment.simd && amd64 && go1.27

package vaes256

import "simd/archsimd"

// zeroUpper clears the upper halves of the vector registers (asm:
// VZEROUPPER, before every RET). Compiled by Go 1.27 with its simd
// experiment, the models run on YMM registers and the compiler does not
// clear them; Go's own code then runs legacy SSE instructions (MOVUPS,
// memmove) with the upper halves dirty, each with a false dependency on
// them.
func zeroUpper() { archsimd.ClearAVXUpperBits() }
