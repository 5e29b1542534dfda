//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package vec

// Lane selection within 128-bit groups. Selectors are immediates in the
// instructions these model, so they are public and may steer branches.

// pickFromPair returns lane s of the group x followed by the group y, s taken
// modulo 2*len(x) as SHUFPS and SHUFPD do.
func pickFromPair[E uint32 | uint64](x, y []E, s uint8) E {
	s &= uint8(2*len(x) - 1)
	if int(s) < len(x) {
		return x[s]
	}
	return y[int(s)-len(x)]
}

// interleaveGroup fills dst with x[off], y[off], x[off+1], y[off+1], ...:
// the UNPCKL (off 0) and UNPCKH (off half a group) pattern on one group.
func interleaveGroup[E uint32 | uint64](dst, x, y []E, off int) {
	for i := range len(dst) / 2 {
		dst[2*i] = x[off+i]
		dst[2*i+1] = y[off+i]
	}
}

// select128 is VPERM2I128 without its zeroing bits: the low and high 128-bit
// halves of dst are the halves of x (selectors 0, 1) or y (2, 3) named by lo
// and hi. Like archsimd it panics on a selector above 3.
func select128[E uint8 | uint32 | uint64](dst, x, y []E, lo, hi uint8) {
	if lo > 3 || hi > 3 {
		panic("vec: ConcatPermute128Scalars selector out of range")
	}
	g := len(dst) / 2
	half := func(s uint8) []E {
		if s < 2 {
			return x[int(s)*g : int(s+1)*g]
		}
		return y[int(s-2)*g : int(s-1)*g]
	}
	copy(dst[:g], half(lo))
	copy(dst[g:], half(hi))
}
