package ghash

import (
	"math/rand/v2"
	"testing"
)

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func randBlock(r *rand.Rand) [16]byte {
	var b [16]byte
	copy(b[:], randBytes(r, 16))
	return b
}

func TestUpdate(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for n := 0; n <= 300; n++ {
		h, y := randBlock(r), randBlock(r)
		data := randBytes(r, n)
		want := refGHASH(h, y, data)
		got := y
		Update(FromBlock(&h), &got, data)
		if got != want {
			t.Fatalf("len %d: Update = %x, want %x", n, got, want)
		}
	}
}

// TestUpdateSplit checks that GHASH may be fed in whole-block pieces.
func TestUpdateSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	h, y := randBlock(r), randBlock(r)
	data := randBytes(r, 16*9+5)
	want := refGHASH(h, y, data)
	got := y
	Update(FromBlock(&h), &got, data[:48])
	Update(FromBlock(&h), &got, data[48:])
	if got != want {
		t.Fatalf("split Update = %x, want %x", got, want)
	}
}

func TestUpdateAggregated(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	h := randBlock(r)
	he := FromBlock(&h)
	for n := 1; n <= 20; n++ {
		keys := Powers(he, n)
		for l := 0; l <= 300; l++ {
			y := randBlock(r)
			data := randBytes(r, l)
			want := y
			Update(he, &want, data)
			got := y
			UpdateAggregated(keys, &got, data)
			if got != want {
				t.Fatalf("N=%d len %d: UpdateAggregated = %x, Update = %x", n, l, got, want)
			}
		}
	}
	// More powers than a Table holds.
	y := randBlock(r)
	data := randBytes(r, 16*70+3)
	want := refGHASH(h, y, data)
	UpdateAggregated(Powers(he, MaxPowers+5), &y, data)
	if y != want {
		t.Fatalf("N=%d: UpdateAggregated = %x, want %x", MaxPowers+5, y, want)
	}
}

func TestUpdateAggregatedPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("UpdateAggregated with no keys did not panic")
		}
	}()
	var y [16]byte
	UpdateAggregated(nil, &y, make([]byte, 16))
}
