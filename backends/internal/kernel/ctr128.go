package kernel

import "encoding/binary"

// The backends' 64-bit counter kernels step only the low 64 bits of the
// counter block, which wrap once in 2^64 blocks. A 128-bit counter mode
// built on them splits each call at the block where the low half wraps and
// carries into the high half itself:
//
//	for len(src) > 0 {
//		n, lo := kernel.SplitCTR128(ctr, len(src))
//		ctr64(keys, rounds, ctr, dst[:n], src[:n])
//		kernel.CarryCTR128(ctr, lo)
//		dst, src = dst[n:], src[n:]
//	}
//
// The kernel is called directly, not through a function value, so that the
// compiler can see that its pointer arguments do not escape.

// SplitCTR128 returns how many of the n bytes still to process (n > 0)
// one call of a 64-bit counter kernel may take from the counter block ctr:
// all of them, or, if the low 64 bits of ctr would wrap within them, the
// whole blocks up to and including the one whose counter is 2^64-1. It
// also returns those low 64 bits, for CarryCTR128.
func SplitCTR128(ctr *[16]byte, n int) (take int, lo uint64) {
	lo = binary.BigEndian.Uint64(ctr[8:])
	if untilWrap := -lo; lo != 0 && untilWrap < uint64(n+15)/16 {
		n = int(untilWrap) * 16
	}
	return n, lo
}

// CarryCTR128 adds one to the high 64 bits of ctr, big-endian, if its low
// 64 bits are now below lo, the value SplitCTR128 returned before the
// kernel call: the low half wrapped.
func CarryCTR128(ctr *[16]byte, lo uint64) {
	if binary.BigEndian.Uint64(ctr[8:]) < lo {
		hi := binary.BigEndian.Uint64(ctr[:8])
		binary.BigEndian.PutUint64(ctr[:8], hi+1)
	}
}
