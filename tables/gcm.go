package tables

// GCM works in GF(2^128) = GF(2)[x]/(g) with g = x^128 + x^7 + x^2 + x + 1.
// The code of this module writes field elements in two bit orders.
//
// GCM order (NIST SP 800-38D): a 16-byte block is the polynomial whose
// coefficient of x^i is bit 7-(i mod 8) of byte i/8. The first byte's most
// significant bit is x^0; the last byte's least significant bit is x^127.
//
// Reflected order (the carry-less multiply code): the block byte-reversed
// with ByteReverse and read as a little-endian 128-bit integer v, which is
// what a PSHUFB by ByteReverse leaves in an XMM register. Then bit 127-i of v
// is the coefficient of x^i: reversing the bytes completes the reversal
// that GCM's order already makes inside each byte.
//
// A carry-less product of two reflected values a and b is 255 bits long; read
// as a 256-bit value in the same reflected sense (bit 255-k is x^k) it is
// x·a·b, one factor of x too many. The code therefore keeps the hash key as
// H·x^-1: in the reflected order that is H shifted left by one bit, with
// ReflectedPoly (which is x^-1 mod g) added when the bit shifted out, H's
// x^0 coefficient, was set. The product of a and H·x^-1 is then a·H, with
// x^0..x^127 in bits 255..128 and x^128..x^255 in bits 127..0.
//
// Reduction folds the low half into the high half. A coefficient in bit p <
// 128 stands for x^(255-p), which is x^(127-p)·(x^7 + x^2 + x + 1) modulo g:
// bits p+128, p+127, p+126 and p+121. For the low 64 bits L that is
// L<<128 plus clmul(L, ReflectedPolyHigh)<<64, where ReflectedPolyHigh has
// bits 63, 62 and 57 set. The second term lands in bits 121..190, so one such
// fold clears bits 0..63; a second fold of bits 64..127 clears the rest, and
// bits 128..255 hold the reduced product in the reflected order.

// ReflectedPoly is the 128-bit integer 0xC2000000000000000000000000000001 as
// it sits in memory (little-endian), the "gfpoly" constant of carry-less
// multiply code. Its set bits 0, 121, 126 and 127 are, in the reflected
// order, x^127 + x^6 + x + 1 = x^-1 mod g; equally, it is g written in
// reverse (x^i to bit 128-i) without its x^0 term. It is what H·x^-1 adds
// when the shift drops H's x^0 coefficient.
var ReflectedPoly = [16]byte{0x01, 15: 0xc2}

// ReflectedPolyHigh is the high 64 bits of ReflectedPoly, 0xC2 << 56: bits 63,
// 62 and 57, the multiplier in each of the two folding steps of the reduction
// (PCLMULQDQ of the low 64 bits of the value being reduced by this constant).
const ReflectedPolyHigh uint64 = 0xc2 << 56
