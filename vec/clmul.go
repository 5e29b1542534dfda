package vec

import "github.com/vaesgo/vaes/ghash"

// CarrylessMultiply returns the 128-bit carry-less product of one lane of x
// and one lane of y, low half in lane 0: a picks lane a&1 of x and b picks
// lane b&1 of y. A carry-less product multiplies polynomials over GF(2):
// partial products are combined with XOR, so no carries propagate.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX
func (x Uint64x2) CarrylessMultiply(a, b uint8, y Uint64x2) Uint64x2 {
	hi, lo := ghash.Clmul64(x.a[a&1], y.a[b&1])
	return Uint64x2{[2]uint64{lo, hi}}
}

// CarrylessMultiplyGrouped is CarrylessMultiply on each 128-bit group: group
// g of the result is the product of lane a&1 of group g of x and lane b&1 of
// group g of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX512VPCLMULQDQ
func (x Uint64x4) CarrylessMultiplyGrouped(a, b uint8, y Uint64x4) Uint64x4 {
	var r Uint64x4
	clmulGroups(r.a[:], x.a[:], y.a[:], a, b)
	return r
}

// CarrylessMultiplyGrouped is CarrylessMultiply on each 128-bit group: group
// g of the result is the product of lane a&1 of group g of x and lane b&1 of
// group g of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX512VPCLMULQDQ
func (x Uint64x8) CarrylessMultiplyGrouped(a, b uint8, y Uint64x8) Uint64x8 {
	var r Uint64x8
	clmulGroups(r.a[:], x.a[:], y.a[:], a, b)
	return r
}

func clmulGroups(dst, x, y []uint64, a, b uint8) {
	for g := 0; g < len(dst); g += 2 {
		dst[g+1], dst[g] = ghash.Clmul64(x[g+int(a&1)], y[g+int(b&1)])
	}
}
