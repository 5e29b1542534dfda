package ghash

import "encoding/binary"

// Element is a field element of GF(2^128) in the byte-reflected form (see
// the package documentation): the 16-byte block read as one big-endian
// 128-bit integer V, whose bit p is the coefficient of x^(127-p). Hi holds
// bits 64..127 of V (block bytes 0..7), Lo holds bits 0..63 (bytes 8..15).
//
// Laid out as two little-endian 64-bit lanes, Lo then Hi, an Element is
// exactly what a vector register holds after loading the block and
// reversing its 16 bytes; PutRegister and FromRegister use that layout.
type Element struct {
	Hi, Lo uint64
}

// FromBlock returns the Element of a block in GCM's own bit order.
func FromBlock(b *[16]byte) Element {
	return Element{
		Hi: binary.BigEndian.Uint64(b[0:8]),
		Lo: binary.BigEndian.Uint64(b[8:16]),
	}
}

// PutBlock stores e into b in GCM's own bit order; it undoes FromBlock.
func (e Element) PutBlock(b *[16]byte) {
	binary.BigEndian.PutUint64(b[0:8], e.Hi)
	binary.BigEndian.PutUint64(b[8:16], e.Lo)
}

// FromRegister returns the Element stored in register form: Lo as a
// little-endian 64-bit word in bytes 0..7, Hi in bytes 8..15. The register
// form of an element is its GCM block with the 16 bytes reversed.
func FromRegister(b *[16]byte) Element {
	return Element{
		Hi: binary.LittleEndian.Uint64(b[8:16]),
		Lo: binary.LittleEndian.Uint64(b[0:8]),
	}
}

// PutRegister stores e into b in register form; it undoes FromRegister.
func (e Element) PutRegister(b *[16]byte) {
	binary.LittleEndian.PutUint64(b[0:8], e.Lo)
	binary.LittleEndian.PutUint64(b[8:16], e.Hi)
}

// Xor returns e + f, the field addition.
func (e Element) Xor(f Element) Element {
	return Element{Hi: e.Hi ^ f.Hi, Lo: e.Lo ^ f.Lo}
}

// Swap returns e with its two 64-bit halves exchanged (PSHUFD with 0x4E).
func (e Element) Swap() Element {
	return Element{Hi: e.Lo, Lo: e.Hi}
}

// MulX returns e·x mod P' in the reflected ring: V shifted left by one bit,
// and if a bit fell out at x^128, the rest of P' (x^127 + x^126 + x^121 + 1,
// the 128-bit constant 0xC2000000_00000000_00000000_00000001) added back.
// In GCM's field this is the element times x^-1.
//
// MulX(H) is the key form K of a hash key H, which absorbs the one-bit
// offset of the reflected product: Reduce of the product of any Element A
// with K is A·H. The assembly stores K for every power of H it uses.
func MulX(e Element) Element {
	carry := -(e.Hi >> 63) // all ones if x^128 appears, else zero
	return Element{
		Hi: (e.Hi<<1 | e.Lo>>63) ^ (foldConst & carry),
		Lo: e.Lo<<1 ^ (1 & carry),
	}
}
