package tables

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// gmul multiplies in GF(2^8) modulo x^8+x^4+x^3+x+1, bit by bit.
func gmul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		a = xtime(a)
	}
	return p
}

func xtime(a byte) byte {
	if a&0x80 != 0 {
		return a<<1 ^ 0x1b
	}
	return a << 1
}

// ginv returns a^254, the inverse of a in GF(2^8) (0 for 0).
func ginv(a byte) byte {
	r := byte(1)
	for range 254 {
		r = gmul(r, a)
	}
	return r
}

func TestSBox(t *testing.T) {
	for x := range 256 {
		inv := ginv(byte(x))
		if x != 0 && gmul(inv, byte(x)) != 1 {
			t.Fatalf("ginv(%#x) = %#x is not an inverse", x, inv)
		}
		want := inv ^ bits.RotateLeft8(inv, 1) ^ bits.RotateLeft8(inv, 2) ^
			bits.RotateLeft8(inv, 3) ^ bits.RotateLeft8(inv, 4) ^ 0x63
		if SBox[x] != want {
			t.Errorf("SBox[%#02x] = %#02x, want %#02x", x, SBox[x], want)
		}
	}
}

func TestInvSBox(t *testing.T) {
	for y := range 256 {
		// FIPS 197 section 5.3.2: the inverse affine map, then inversion.
		b := byte(y)
		pre := bits.RotateLeft8(b, 1) ^ bits.RotateLeft8(b, 3) ^ bits.RotateLeft8(b, 6) ^ 0x05
		if want := ginv(pre); InvSBox[y] != want {
			t.Errorf("InvSBox[%#02x] = %#02x, want %#02x", y, InvSBox[y], want)
		}
		if SBox[InvSBox[y]] != byte(y) {
			t.Errorf("SBox[InvSBox[%#02x]] != %#02x", y, y)
		}
	}
}

func TestRcon(t *testing.T) {
	x := byte(1) // x^0
	for i := range Rcon {
		if Rcon[i] != x {
			t.Errorf("Rcon[%d] = %#02x, want x^%d = %#02x", i, Rcon[i], i, x)
		}
		x = gmul(x, 2)
	}
}

func shuffle(in *[16]byte, mask *[16]byte) (out [16]byte) {
	for i := range out {
		out[i] = in[mask[i]]
	}
	return
}

func TestByteReverse(t *testing.T) {
	var in [16]byte
	for i := range in {
		in[i] = byte(0xa0 + i)
	}
	out := shuffle(&in, &ByteReverse)
	for i := range out {
		if out[i] != in[15-i] {
			t.Fatalf("ByteReverse: out[%d] = %#x, want in[%d] = %#x", i, out[i], 15-i, in[15-i])
		}
	}
}

// addLanes32 adds b to a in four 32-bit little-endian lanes (PADDD).
func addLanes32(a, b [16]byte) (out [16]byte) {
	for i := 0; i < 16; i += 4 {
		binary.LittleEndian.PutUint32(out[i:], binary.LittleEndian.Uint32(a[i:])+binary.LittleEndian.Uint32(b[i:]))
	}
	return
}

func TestCounterAdd(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 1000 {
		var ctr [16]byte
		for j := range ctr {
			ctr[j] = byte(r.Uint32())
		}
		if i%4 == 0 {
			copy(ctr[12:], []byte{0xff, 0xff, 0xff, 0xfe}) // near the wrap
		}
		n := r.Uint32N(8)
		rev := shuffle(&ctr, &ByteReverse)
		sum := addLanes32(rev, CounterAdd(n))
		got := shuffle(&sum, &ByteReverse)

		// inc32 applied n times, from SP 800-38D.
		want := ctr
		binary.BigEndian.PutUint32(want[12:], binary.BigEndian.Uint32(ctr[12:])+n)
		if got != want {
			t.Fatalf("counter %x + %d = %x, want %x", ctr, n, got, want)
		}
	}
}

// gcmOrderBlock returns the block whose polynomial (in GCM order) has the
// given coefficients set.
func gcmOrderBlock(terms ...int) (b [16]byte) {
	for _, i := range terms {
		b[i/8] |= 0x80 >> (i % 8)
	}
	return
}

var gTerms = []int{7, 2, 1, 0} // g - x^128

// specR is g - x^128 as a block in GCM order, SP 800-38D's
// R = 11100001 || 0^120: x^0, x^1, x^2 and x^7 are the top three bits and
// the bottom bit of byte 0. specMul reduces by it.
var specR = [16]byte{0xe1}

func TestReflectedPoly(t *testing.T) {
	if want := gcmOrderBlock(gTerms...); specR != want {
		t.Errorf("specR = %x, want %x", specR, want)
	}
	// Read in the reflected order (ByteReverse, then little-endian) the same
	// block is 0xE1 << 120.
	rev := shuffle(&specR, &ByteReverse)
	if hi, lo := binary.LittleEndian.Uint64(rev[8:]), binary.LittleEndian.Uint64(rev[:8]); hi != 0xe1<<56 || lo != 0 {
		t.Errorf("R in reflected order = %#x:%#x, want 0xe1<<120", hi, lo)
	}
	// g written in reverse, x^i to bit 128-i, without x^0 (bit 128).
	var want [16]byte
	for _, i := range append([]int{128}, gTerms[:3]...) {
		want[(128-i)/8] |= 1 << ((128 - i) % 8)
	}
	if ReflectedPoly != want {
		t.Errorf("ReflectedPoly = %x, want %x", ReflectedPoly, want)
	}
	if want := binary.LittleEndian.Uint64(ReflectedPoly[8:]); ReflectedPolyHigh != want {
		t.Errorf("ReflectedPolyHigh = %#x, want %#x", ReflectedPolyHigh, want)
	}
}

// specMul is Algorithm 1 of SP 800-38D: the product of two GCM-order blocks.
func specMul(x, y [16]byte) (z [16]byte) {
	v := y
	for i := range 128 {
		if x[i/8]&(0x80>>(i%8)) != 0 {
			for j := range z {
				z[j] ^= v[j]
			}
		}
		// v = v·x: shift right by one bit, reduce by R if x^127 fell off.
		lsb := v[15] & 1
		for j := 15; j > 0; j-- {
			v[j] = v[j]>>1 | v[j-1]<<7
		}
		v[0] >>= 1
		if lsb != 0 {
			for j := range v {
				v[j] ^= specR[j]
			}
		}
	}
	return
}

type u128 struct{ hi, lo uint64 }

func reflect(b [16]byte) u128 {
	r := shuffle(&b, &ByteReverse)
	return u128{binary.LittleEndian.Uint64(r[8:]), binary.LittleEndian.Uint64(r[:8])}
}

func unreflect(v u128) [16]byte {
	var r [16]byte
	binary.LittleEndian.PutUint64(r[:8], v.lo)
	binary.LittleEndian.PutUint64(r[8:], v.hi)
	return shuffle(&r, &ByteReverse)
}

func clmul64(a, b uint64) (hi, lo uint64) {
	for i := range 64 {
		if b>>i&1 != 0 {
			lo ^= a << i
			if i > 0 {
				hi ^= a >> (64 - i)
			}
		}
	}
	return
}

// reflectedMul multiplies as the carry-less code does, following the
// derivation in gcm.go: H·x^-1 by a shift and ReflectedPoly, a 256-bit
// carry-less product, and two folds by ReflectedPolyHigh.
func reflectedMul(a, h u128) u128 {
	poly := u128{binary.LittleEndian.Uint64(ReflectedPoly[8:]), binary.LittleEndian.Uint64(ReflectedPoly[:8])}
	carry := h.hi >> 63
	hx := u128{h.hi<<1 | h.lo>>63, h.lo << 1}
	if carry != 0 {
		hx.hi ^= poly.hi
		hx.lo ^= poly.lo
	}
	// p = a * hx as four 64-bit words, p[3] the highest.
	var p [4]uint64
	h1, l1 := clmul64(a.lo, hx.lo)
	h2, l2 := clmul64(a.lo, hx.hi)
	h3, l3 := clmul64(a.hi, hx.lo)
	h4, l4 := clmul64(a.hi, hx.hi)
	p[0] = l1
	p[1] = h1 ^ l2 ^ l3
	p[2] = h2 ^ h3 ^ l4
	p[3] = h4
	for k := range 2 { // fold p[k] into p[k+1..k+2]
		th, tl := clmul64(p[k], ReflectedPolyHigh)
		p[k+1] ^= tl
		p[k+2] ^= th ^ p[k]
		p[k] = 0
	}
	return u128{p[3], p[2]}
}

func TestReflectedMultiply(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		var x, y [16]byte
		for j := range x {
			x[j], y[j] = byte(r.Uint32()), byte(r.Uint32())
		}
		want := specMul(x, y)
		got := unreflect(reflectedMul(reflect(x), reflect(y)))
		if got != want {
			t.Fatalf("reflected %x * %x = %x, want %x", x, y, got, want)
		}
	}
	// x^0 · x^0 and x^127 · x exercise the shift carry and both folds.
	one := gcmOrderBlock(0)
	if got := unreflect(reflectedMul(reflect(one), reflect(one))); got != one {
		t.Errorf("1·1 = %x", got)
	}
	if got, want := unreflect(reflectedMul(reflect(gcmOrderBlock(127)), reflect(gcmOrderBlock(1)))), specR; got != want {
		t.Errorf("x^127·x = %x, want R = %x", got, want)
	}
}

// TestXTS recomputes XTSPoly as x^128 by doubling x^127 with XTS's shift
// and conditional XOR, and XTSPower(k) as k doublings of 1.
func TestXTS(t *testing.T) {
	double := func(b [16]byte) [16]byte {
		var r [16]byte
		for i := range b {
			r[i] = b[i] << 1
			if i > 0 {
				r[i] |= b[i-1] >> 7
			}
		}
		if b[15]&0x80 != 0 {
			r[0] ^= 0x87
		}
		return r
	}
	p := [16]byte{1}
	for k := 0; k < 128; k++ {
		if XTSPower(k) != p {
			t.Fatalf("XTSPower(%d) = %x, want %x", k, XTSPower(k), p)
		}
		p = double(p)
	}
	if p != XTSPoly {
		t.Errorf("XTSPoly = %x, want x^128 = %x", XTSPoly, p)
	}
}
