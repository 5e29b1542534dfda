package ghash

import "math/bits"

// Masks of the five interleaved bit classes Clmul64 splits its operands
// into: comb0 has bits 0, 5, 10, ..., 60 set; combR is comb0 shifted up by R
// (cut to 64 bits). Bit p of a word belongs to class p mod 5.
const (
	comb0 = 0x1084210842108421
	comb1 = comb0 << 1
	comb2 = comb0 << 2
	comb3 = (comb0 << 3) & (1<<64 - 1)
	comb4 = (comb0 << 4) & (1<<64 - 1)
)

// Clmul64 returns the 128-bit carry-less product of a and b as (hi, lo):
// bit k of the result is the XOR of a_i AND b_j over all i+j = k. It is what
// one PCLMULQDQ computes from two 64-bit lanes.
//
// It runs in constant time: no branch and no memory address depends on a or
// b. It uses ordinary integer multiplies, made carry-free by leaving holes
// between the bits (the idea of BearSSL's ctmul64, here with five classes).
// Each operand is split into five sparse words, a0..a4 and b0..b4, where ai
// keeps only the bits of a at positions p with p mod 5 == i, so set bits are
// at least five apart. An integer product ai*bj is a sum of shifted copies of
// ai, one per set bit of bj; every copy puts its bits at positions of class
// (i+j) mod 5. At most 13 copies (bj has at most 13 set bits) add at one
// position, and 13 < 32 fits in five bits, so a carry out of position k can
// reach only k+1..k+4: the holes, never the next position of the same class.
// The low bit of the sum at a class-(i+j) position is therefore the XOR of
// the bits that met there, which is the carry-less product's bit. The five
// products that land on each class are XORed (the holes may hold garbage,
// the class positions do not) and masked back to that class.
//
// The 128-bit products come from math/bits.Mul64, one MUL instruction on
// amd64 and arm64, whose timing does not depend on its operands there.
func Clmul64(a, b uint64) (hi, lo uint64) {
	a0, a1, a2, a3, a4 := a&comb0, a&comb1, a&comb2, a&comb3, a&comb4
	b0, b1, b2, b3, b4 := b&comb0, b&comb1, b&comb2, b&comb3, b&comb4
	var h, l, th, tl uint64

	// Position p of the high word is bit 64+p of the product, in class
	// (p+4) mod 5, so class r sits under comb(r+1 mod 5) in hi.

	// Class 0: i+j = 0 or 5.
	h, l = bits.Mul64(a0, b0)
	th, tl = bits.Mul64(a1, b4)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a2, b3)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a3, b2)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a4, b1)
	h, l = h^th, l^tl
	hi, lo = h&comb1, l&comb0

	// Class 1: i+j = 1 or 6.
	h, l = bits.Mul64(a0, b1)
	th, tl = bits.Mul64(a1, b0)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a2, b4)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a3, b3)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a4, b2)
	h, l = h^th, l^tl
	hi, lo = hi|h&comb2, lo|l&comb1

	// Class 2: i+j = 2 or 7.
	h, l = bits.Mul64(a0, b2)
	th, tl = bits.Mul64(a1, b1)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a2, b0)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a3, b4)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a4, b3)
	h, l = h^th, l^tl
	hi, lo = hi|h&comb3, lo|l&comb2

	// Class 3: i+j = 3 or 8.
	h, l = bits.Mul64(a0, b3)
	th, tl = bits.Mul64(a1, b2)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a2, b1)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a3, b0)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a4, b4)
	h, l = h^th, l^tl
	hi, lo = hi|h&comb4, lo|l&comb3

	// Class 4: i+j = 4.
	h, l = bits.Mul64(a0, b4)
	th, tl = bits.Mul64(a1, b3)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a2, b2)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a3, b1)
	h, l = h^th, l^tl
	th, tl = bits.Mul64(a4, b0)
	h, l = h^th, l^tl
	hi, lo = hi|h&comb0, lo|l&comb4
	return hi, lo
}
