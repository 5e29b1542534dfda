package conformance

import "encoding/binary"

// gfElem is an element of GF(2^128) in GCM's bit order: the first byte's
// most significant bit is the coefficient of x^0. hi holds bytes 0..7 and
// lo bytes 8..15, big-endian. This is a plain, variable-time reference,
// used only to build test nonces.
type gfElem struct{ hi, lo uint64 }

func gfLoad(b []byte) gfElem {
	return gfElem{binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[8:])}
}

func (x gfElem) bytes() []byte {
	b := make([]byte, 16)
	binary.BigEndian.PutUint64(b, x.hi)
	binary.BigEndian.PutUint64(b[8:], x.lo)
	return b
}

func (x gfElem) xor(y gfElem) gfElem { return gfElem{x.hi ^ y.hi, x.lo ^ y.lo} }

// gfMul is the multiplication of NIST SP 800-38D, Algorithm 1: walk the
// bits of x from x^0 upwards, adding y·x^i, and multiply y by x at each
// step, reducing by x^128 + x^7 + x^2 + x + 1 (R = 11100001 || 0^120).
func gfMul(x, y gfElem) gfElem {
	var z gfElem
	v := y
	for i := range 128 {
		word := x.hi
		if i >= 64 {
			word = x.lo
		}
		if word>>(63-i%64)&1 == 1 {
			z = z.xor(v)
		}
		carry := v.lo & 1
		v.lo = v.lo>>1 | v.hi<<63
		v.hi >>= 1
		if carry == 1 {
			v.hi ^= 0xe1 << 56
		}
	}
	return z
}

// gfInv returns x^(2^128-2), the inverse of a non-zero x.
func gfInv(x gfElem) gfElem {
	r := gfElem{hi: 1 << 63} // the element 1
	for range 127 {
		r = gfMul(gfMul(r, r), x) // r = x^(2^k - 1) after k steps
	}
	return gfMul(r, r)
}

// ghash absorbs whole blocks of data into y: y = (y ^ X_i)·H.
func ghash(h, y gfElem, data []byte) gfElem {
	for i := 0; i < len(data); i += 16 {
		y = gfMul(y.xor(gfLoad(data[i:i+16])), h)
	}
	return y
}

// nonceForJ0 returns a nonce of size bytes (a multiple of 16) for which
// GCM's pre-counter block J0 = GHASH_H(nonce || 0^64 || [len(nonce)·8]_64)
// equals j0. All blocks but the last are random (from fill); the last is
// solved for: with Y the hash of the others and L the length block,
// J0 = (Y ^ N)·H^2 ^ L·H, so N = (J0 ^ L·H)·H^-2 ^ Y.
func nonceForJ0(h gfElem, j0 []byte, size int, fill func([]byte)) []byte {
	nonce := make([]byte, size)
	fill(nonce[:size-16])
	y := ghash(h, gfElem{}, nonce[:size-16])
	l := gfElem{lo: uint64(size) * 8}
	h2 := gfMul(h, h)
	last := gfMul(gfLoad(j0).xor(gfMul(l, h)), gfInv(h2)).xor(y)
	copy(nonce[size-16:], last.bytes())
	return nonce
}
