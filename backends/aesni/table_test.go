package aesni

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/ghash"
)

// tableInJunk is a key-power table with random bytes on both sides.
type tableInJunk struct {
	before [4][16]byte
	table  ghash.Table
	after  [4][16]byte
}

// used reports whether slot i is part of this package's layout.
func used(i int) bool { return i < powers || midSlot <= i && i < midSlot+powers }

// stir fills the bytes around the table, and its slots outside the layout,
// with new random bytes.
func (m *tableInJunk) stir(rng *rand.Rand) {
	for i := range m.before {
		copy(m.before[i][:], randomBytes(rng, 16))
		copy(m.after[i][:], randomBytes(rng, 16))
	}
	for i := range m.table {
		if !used(i) {
			copy(m.table[i][:], randomBytes(rng, 16))
		}
	}
}

// TestTableNeighbours runs GHASH, Seal and Open at every length through
// three batches and a tail with random bytes in the slots the layout
// leaves free and around the table, new ones on every call; the results
// must equal the reference, so the kernels read no slot but the sixteen
// of the layout.
func TestTableNeighbours(t *testing.T) {
	if midSlot+powers > len(ghash.Table{}) || powers > midSlot {
		t.Fatalf("keys in slots 0..%d, half sums in %d..%d, table of %d slots", powers-1, midSlot, midSlot+powers-1, len(ghash.Table{}))
	}
	rng := rand.New(rand.NewPCG(81, 82))
	k := newTestKey(t, rng, 16)
	var m tableInJunk
	GHASHInit(&m.table, &k.h)
	for i := range m.table {
		if used(i) && m.table[i] != k.table[i] {
			t.Fatalf("slot %d: GHASHInit wrote %x, ghash.InitTable %x", i, m.table[i], k.table[i])
		}
	}
	for n := 0; n <= sweepMax; n++ {
		input := randomBytes(rng, n)
		ctr := randomCounter(rng)
		y := [16]byte(randomBytes(rng, 16))
		for _, seal := range []bool{true, false} {
			want, wantCtr, wantY := gcmReference(k, ctr, y, input, seal)
			out := make([]byte, n)
			c, h := ctr, y
			m.stir(rng)
			if seal {
				Seal(&k.ks, &m.table, &c, &h, out, input)
			} else {
				Open(&k.ks, &m.table, &c, &h, out, input)
			}
			if !bytes.Equal(out, want) || c != wantCtr || h != wantY {
				t.Fatalf("n=%d seal=%v: output, counter or hash differs from the reference", n, seal)
			}
		}
		h := y
		m.stir(rng)
		GHASH(&m.table, &h, input)
		want := y
		ghash.Update(ghash.FromBlock(&k.h), &want, input)
		if h != want {
			t.Fatalf("n=%d: GHASH %x, want %x", n, h, want)
		}
	}
}
