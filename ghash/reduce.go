package ghash

import "github.com/vaesgo/vaes/tables"

// foldConst is G = x^63 + x^62 + x^57, the 64-bit word 0xC2<<56: the middle
// part of the reflected polynomial P' = x^128 + x^64·G + 1 (see the package
// documentation), and the only constant the reduction needs.
const foldConst = tables.ReflectedPolyHigh

// mulG returns the carry-less product d·G, the same value as
// Clmul64(d, 0xC2<<56). G has three set bits, so the product is three
// shifted copies of d; the shifts are by constants, so this is constant time
// in d.
func mulG(d uint64) (hi, lo uint64) {
	hi = d>>1 ^ d>>2 ^ d>>7
	lo = d<<63 ^ d<<62 ^ d<<57
	return hi, lo
}

// Fold is one step of the reduction: it removes the low 64 bits of the
// 128-bit part x by adding the matching multiple of P', and merges what is
// left into y, the part 64 bits above x. It returns
//
//	y ^ x.Lo·G ^ Swap(x)
//
// The product x.Lo·G is x.Lo's x^64·G term of P', which lands at y's base;
// in Swap(x), x.Lo moves to y's high half (its x^128 term of P') and x.Hi to
// y's low half (where it already was, 64 bits above x's base). The x^0 term
// of P' cancels x.Lo itself. In the vector code one Fold is a PCLMULQDQ with
// the constant, a PSHUFD and two XORs (or one three-way VPTERNLOGD).
func Fold(x, y Element) Element {
	gh, gl := mulG(x.Lo)
	return y.Xor(Element{Hi: gh, Lo: gl}).Xor(x.Swap())
}

// Reduce returns the 256-bit value hi·x^128 + mid·x^64 + lo (schoolbook
// form) times x^-128 modulo P', which is an Element. Two Folds do it: lo
// into mid, then mid into hi. When the value is the product of an Element A
// and the key form K of H, the result is A·H.
func Reduce(lo, mid, hi Element) Element {
	return Fold(Fold(lo, mid), hi)
}
