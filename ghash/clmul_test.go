package ghash

import (
	"math/rand/v2"
	"testing"
)

func TestClmul64(t *testing.T) {
	check := func(a, b uint64) {
		t.Helper()
		wh, wl := refClmul64(a, b)
		gh, gl := Clmul64(a, b)
		if gh != wh || gl != wl {
			t.Fatalf("Clmul64(%#x, %#x) = %#x:%#x, want %#x:%#x", a, b, gh, gl, wh, wl)
		}
	}
	const ones = ^uint64(0)
	// All-ones operands put the most terms on one position: the case the
	// holes must absorb.
	for _, a := range []uint64{0, 1, ones, ones >> 1, ones - 1, 1 << 63,
		comb0, comb1, comb2, comb3, comb4, foldConst} {
		for _, b := range []uint64{0, 1, ones, ones >> 1, ones - 1, 1 << 63,
			comb0, comb1, comb2, comb3, comb4, foldConst} {
			check(a, b)
		}
	}
	// Every pair of single bits: the product is the single bit i+j.
	for i := 0; i < 64; i++ {
		for j := 0; j < 64; j++ {
			check(1<<i, 1<<j)
			check(ones^1<<i, ones^1<<j)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50000; i++ {
		a, b := r.Uint64(), r.Uint64()
		// Dense operands too: AND or OR of two random words.
		switch i % 3 {
		case 1:
			a, b = a|r.Uint64(), b|r.Uint64()
		case 2:
			a, b = a&r.Uint64(), b&r.Uint64()
		}
		check(a, b)
	}
}

func TestMulG(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 10000; i++ {
		d := r.Uint64()
		gh, gl := mulG(d)
		wh, wl := Clmul64(d, foldConst)
		if gh != wh || gl != wl {
			t.Fatalf("mulG(%#x) = %#x:%#x, want %#x:%#x", d, gh, gl, wh, wl)
		}
	}
}
