package ghash

import (
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/tables"
)

func randElement(r *rand.Rand) Element {
	return Element{Hi: r.Uint64(), Lo: r.Uint64()}
}

func TestBlockForms(t *testing.T) {
	b := [16]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	e := FromBlock(&b)
	if e.Hi != 0x0001020304050607 || e.Lo != 0x08090a0b0c0d0e0f {
		t.Fatalf("FromBlock = %#x:%#x", e.Hi, e.Lo)
	}
	var back, reg [16]byte
	e.PutBlock(&back)
	if back != b {
		t.Fatalf("PutBlock(FromBlock(b)) = %x, want %x", back, b)
	}
	// The register form is the block with its bytes reversed.
	e.PutRegister(&reg)
	for i := range reg {
		if reg[i] != b[15-i] {
			t.Fatalf("PutRegister = %x, want the reverse of %x", reg, b)
		}
	}
	if FromRegister(&reg) != e {
		t.Fatalf("FromRegister(PutRegister(e)) != e")
	}
	// Bit p of V is the coefficient of x^(127-p): x^i is bit i of the
	// block counted from the most significant bit of byte 0.
	for i := 0; i < 128; i++ {
		var bi [16]byte
		bi[i/8] = 0x80 >> (i % 8)
		v := FromBlock(&bi)
		p := 127 - i
		want := Element{}
		if p >= 64 {
			want.Hi = 1 << (p - 64)
		} else {
			want.Lo = 1 << p
		}
		if v != want {
			t.Fatalf("x^%d: got %#x:%#x, want bit %d", i, v.Hi, v.Lo, p)
		}
	}
}

func TestMulX(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		e := randElement(r)
		if i == 0 {
			e = Element{Hi: 1 << 63} // x^0 = 1: the carry case
		}
		// MulX is multiplication by x^-1 in GCM's field: times x gives e.
		if got := refMul(block(MulX(e)), xBlock); got != block(e) {
			t.Fatalf("MulX(%x)·x = %x", block(e), got)
		}
	}
	// One in GCM's field is Hi bit 63; MulX(1) = x^-1 = x^127 + x^6 + x + 1
	// is the reflected constant 0xC2..01 itself.
	if got, want := MulX(Element{Hi: 1 << 63}), FromRegister(&tables.ReflectedPoly); got != want {
		t.Fatalf("MulX(1) = %#x:%#x, want tables.ReflectedPoly %#x:%#x", got.Hi, got.Lo, want.Hi, want.Lo)
	}
}

func TestMul(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 2000; i++ {
		a, b := randElement(r), randElement(r)
		want := elem(refMul(block(a), block(b)))
		k := MulX(b)
		if got := Mul(a, b); got != want {
			t.Fatalf("Mul(%x, %x) = %x, want %x", block(a), block(b), block(got), block(want))
		}
		if got := MulKey(a, k); got != want {
			t.Fatalf("MulKey(%x, MulX(%x)) = %x, want %x", block(a), block(b), block(got), block(want))
		}
		if got := MulKeySchoolbook(a, k); got != want {
			t.Fatalf("MulKeySchoolbook(%x, MulX(%x)) = %x, want %x", block(a), block(b), block(got), block(want))
		}
	}
}

func TestKaratsubaEqualsSchoolbook(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 2000; i++ {
		a, b := randElement(r), randElement(r)
		slo, smid, shi := Schoolbook(a, b)
		klo, kmid, khi := Karatsuba(a, b)
		if klo != slo || khi != shi {
			t.Fatalf("Karatsuba and Schoolbook differ outside mid")
		}
		if KaratsubaFinish(klo, kmid, khi) != smid {
			t.Fatalf("KaratsubaFinish(Karatsuba(a, b)) != Schoolbook(a, b) for %x, %x", block(a), block(b))
		}
	}
}

// TestSchoolbookIsClmul checks the layout of the three parts: hi·x^128 +
// mid·x^64 + lo must be the 256-bit carry-less product, computed here bit
// by bit.
func TestSchoolbookIsClmul(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 200; i++ {
		a, b := randElement(r), randElement(r)
		var want [4]uint64 // little-endian words
		for p := 0; p < 128; p++ {
			if bitOf(a, p) == 0 {
				continue
			}
			for q := 0; q < 128; q++ {
				if bitOf(b, q) == 1 {
					want[(p+q)/64] ^= 1 << ((p + q) % 64)
				}
			}
		}
		lo, mid, hi := Schoolbook(a, b)
		got := [4]uint64{lo.Lo, lo.Hi ^ mid.Lo, hi.Lo ^ mid.Hi, hi.Hi}
		if got != want {
			t.Fatalf("Schoolbook(%x, %x) = %x, want %x", block(a), block(b), got, want)
		}
	}
}

func bitOf(e Element, p int) uint64 {
	if p >= 64 {
		return e.Hi >> (p - 64) & 1
	}
	return e.Lo >> p & 1
}

// TestReduce checks the reduction on its own: Reduce of the plain reflected
// product of A and B is A·B·x in GCM's field (the one-bit offset that MulX,
// a multiplication by x^-1, absorbs).
func TestReduce(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 2000; i++ {
		a, b := randElement(r), randElement(r)
		got := block(Reduce(Schoolbook(a, b)))
		if want := refMul(refMul(block(a), block(b)), xBlock); got != want {
			t.Fatalf("Reduce(Schoolbook(%x, %x)) = %x, want A·B·x = %x", block(a), block(b), got, want)
		}
	}
}

// TestReduceLinear checks that summing unreduced products and reducing once
// equals reducing each and summing, which aggregation relies on.
func TestReduceLinear(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for i := 0; i < 500; i++ {
		l1, m1, h1 := Schoolbook(randElement(r), randElement(r))
		l2, m2, h2 := Schoolbook(randElement(r), randElement(r))
		sum := Reduce(l1.Xor(l2), m1.Xor(m2), h1.Xor(h2))
		if sum != Reduce(l1, m1, h1).Xor(Reduce(l2, m2, h2)) {
			t.Fatal("Reduce is not linear")
		}
	}
}

func TestPowers(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	h := randElement(r)
	keys := Powers(h, 40)
	if len(keys) != 40 {
		t.Fatalf("len(Powers(h, 40)) = %d", len(keys))
	}
	p := block(h)
	for i, k := range keys {
		if got := refMul(block(k), xBlock); got != p {
			t.Fatalf("Powers(h)[%d]·x = %x, want H^%d = %x", i, got, i+1, p)
		}
		p = refMul(p, block(h))
	}
}

func TestPowersPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Powers(h, 0) did not panic")
		}
	}()
	Powers(Element{}, 0)
}
