package kernels

import "github.com/vaesgo/vaes/backends/generic"

// MulAlpha multiplies an XTS tweak by α, in constant time.
func MulAlpha(tweak *[16]byte) { generic.MulAlpha(tweak) }
