package tables

// XTS (IEEE 1619) stores an element of GF(2^128) as a 16-byte little-endian
// integer whose bit i is the coefficient of x^i, and reduces by
// x^128 = x^7 + x^2 + x + 1.

// XTSPoly is x^128 reduced: x^7 + x^2 + x + 1, 0x87 in byte 0. A kernel
// multiplies the bits of a product from x^128 up by it (a carry-less
// multiply) to fold them back into the low 128.
var XTSPoly = [16]byte{0x87}

// XTSPower returns x^k, 0 <= k < 128, in XTS's byte order: a kernel that
// keeps tweaks in registers steps one by k blocks by multiplying it by
// XTSPower(k).
func XTSPower(k int) [16]byte {
	var b [16]byte
	b[k/8] = 1 << (k % 8)
	return b
}
