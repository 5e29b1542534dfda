//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package vec

import "github.com/vaesgo/vaes/ghash"

// The carry-less multiplies of each width come in archsimd's four forms,
// named by the lane of x and the lane of y they take from each 128-bit
// group: Even is lane 0 (the low 64 bits), Odd lane 1. Each is VPCLMULQDQ
// with its immediate fixed: Even 0x00, Odd 0x11, EvenOdd 0x10, OddEven 0x01.
// A carry-less product multiplies polynomials over GF(2): partial products
// are combined with XOR, so no carries propagate.

// CarrylessMultiplyEven returns the 128-bit carry-less product of lane 0 of
// x and lane 0 of y, low half in lane 0.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX
func (x Uint64x2) CarrylessMultiplyEven(y Uint64x2) Uint64x2 { return clmul2(x, y, 0, 0) }

// CarrylessMultiplyOdd returns the 128-bit carry-less product of lane 1 of
// x and lane 1 of y, low half in lane 0.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX
func (x Uint64x2) CarrylessMultiplyOdd(y Uint64x2) Uint64x2 { return clmul2(x, y, 1, 1) }

// CarrylessMultiplyEvenOdd returns the 128-bit carry-less product of lane 0
// of x and lane 1 of y, low half in lane 0.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX
func (x Uint64x2) CarrylessMultiplyEvenOdd(y Uint64x2) Uint64x2 { return clmul2(x, y, 0, 1) }

// CarrylessMultiplyOddEven returns the 128-bit carry-less product of lane 1
// of x and lane 0 of y, low half in lane 0.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX
func (x Uint64x2) CarrylessMultiplyOddEven(y Uint64x2) Uint64x2 { return clmul2(x, y, 1, 0) }

// CarrylessMultiplyEven is Uint64x2.CarrylessMultiplyEven on each 128-bit
// group: group g of the result is the product of the low lanes of group g of
// x and of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX2
func (x Uint64x4) CarrylessMultiplyEven(y Uint64x4) Uint64x4 {
	var r Uint64x4
	clmulGroups(r.a[:], x.a[:], y.a[:], 0, 0)
	return r
}

// CarrylessMultiplyOdd is Uint64x2.CarrylessMultiplyOdd on each 128-bit
// group: group g of the result is the product of the high lanes of group g
// of x and of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX2
func (x Uint64x4) CarrylessMultiplyOdd(y Uint64x4) Uint64x4 {
	var r Uint64x4
	clmulGroups(r.a[:], x.a[:], y.a[:], 1, 1)
	return r
}

// CarrylessMultiplyEvenOdd is Uint64x2.CarrylessMultiplyEvenOdd on each
// 128-bit group: group g of the result is the product of the low lane of
// group g of x and the high lane of group g of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX2
func (x Uint64x4) CarrylessMultiplyEvenOdd(y Uint64x4) Uint64x4 {
	var r Uint64x4
	clmulGroups(r.a[:], x.a[:], y.a[:], 0, 1)
	return r
}

// CarrylessMultiplyOddEven is Uint64x2.CarrylessMultiplyOddEven on each
// 128-bit group: group g of the result is the product of the high lane of
// group g of x and the low lane of group g of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX2
func (x Uint64x4) CarrylessMultiplyOddEven(y Uint64x4) Uint64x4 {
	var r Uint64x4
	clmulGroups(r.a[:], x.a[:], y.a[:], 1, 0)
	return r
}

// CarrylessMultiplyEven is Uint64x2.CarrylessMultiplyEven on each 128-bit
// group: group g of the result is the product of the low lanes of group g of
// x and of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX512VPCLMULQDQ
func (x Uint64x8) CarrylessMultiplyEven(y Uint64x8) Uint64x8 {
	var r Uint64x8
	clmulGroups(r.a[:], x.a[:], y.a[:], 0, 0)
	return r
}

// CarrylessMultiplyOdd is Uint64x2.CarrylessMultiplyOdd on each 128-bit
// group: group g of the result is the product of the high lanes of group g
// of x and of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX512VPCLMULQDQ
func (x Uint64x8) CarrylessMultiplyOdd(y Uint64x8) Uint64x8 {
	var r Uint64x8
	clmulGroups(r.a[:], x.a[:], y.a[:], 1, 1)
	return r
}

// CarrylessMultiplyEvenOdd is Uint64x2.CarrylessMultiplyEvenOdd on each
// 128-bit group: group g of the result is the product of the low lane of
// group g of x and the high lane of group g of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX512VPCLMULQDQ
func (x Uint64x8) CarrylessMultiplyEvenOdd(y Uint64x8) Uint64x8 {
	var r Uint64x8
	clmulGroups(r.a[:], x.a[:], y.a[:], 0, 1)
	return r
}

// CarrylessMultiplyOddEven is Uint64x2.CarrylessMultiplyOddEven on each
// 128-bit group: group g of the result is the product of the high lane of
// group g of x and the low lane of group g of y.
//
// Asm: VPCLMULQDQ, CPU Feature: AVX512VPCLMULQDQ
func (x Uint64x8) CarrylessMultiplyOddEven(y Uint64x8) Uint64x8 {
	var r Uint64x8
	clmulGroups(r.a[:], x.a[:], y.a[:], 1, 0)
	return r
}

// clmul2 multiplies lane a of x by lane b of y.
func clmul2(x, y Uint64x2, a, b int) Uint64x2 {
	hi, lo := ghash.Clmul64(x.a[a], y.a[b])
	return Uint64x2{[2]uint64{lo, hi}}
}

// clmulGroups multiplies lane a of each group of x by lane b of the same
// group of y.
func clmulGroups(dst, x, y []uint64, a, b int) {
	for g := 0; g < len(dst); g += 2 {
		dst[g+1], dst[g] = ghash.Clmul64(x[g+a], y[g+b])
	}
}
