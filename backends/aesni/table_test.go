package aesni

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
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
		copy(m.before[i][:], kerneltest.RandomBytes(rng, 16))
		copy(m.after[i][:], kerneltest.RandomBytes(rng, 16))
	}
	for i := range m.table {
		if !used(i) {
			copy(m.table[i][:], kerneltest.RandomBytes(rng, 16))
		}
	}
}

// TestTableNeighbours runs GHASH, Seal and Open at every length through
// three batches and a tail with random bytes in the slots the layout
// leaves free and around the table, new ones on every call; the results
// must equal the reference, so the kernels read nothing around the table
// and no slot outside the layout (which now fills all 32).
func TestTableNeighbours(t *testing.T) {
	if midSlot+powers > len(ghash.Table{}) || powers > midSlot {
		t.Fatalf("keys in slots 0..%d, half sums in %d..%d, table of %d slots", powers-1, midSlot, midSlot+powers-1, len(ghash.Table{}))
	}
	rng := rand.New(rand.NewPCG(81, 82))
	k := kerneltest.NewKey(t, rng, 16, referenceTable)
	var m tableInJunk
	GHASHInit(&m.table, &k.H)
	for i := range m.table {
		if used(i) && m.table[i] != k.Table[i] {
			t.Fatalf("slot %d: GHASHInit wrote %x, ghash.InitTable %x", i, m.table[i], k.Table[i])
		}
	}
	for n := 0; n <= sweepMax; n++ {
		input := kerneltest.RandomBytes(rng, n)
		ctr := kerneltest.RandomCounter(rng, 40)
		y := [16]byte(kerneltest.RandomBytes(rng, 16))
		for _, seal := range []bool{true, false} {
			want, wantCtr, wantY := kerneltest.GCMReference(k, ctr, y, input, seal)
			out := make([]byte, n)
			c, h := ctr, y
			m.stir(rng)
			if seal {
				Seal(&k.KS, &m.table, &c, &h, out, input)
			} else {
				Open(&k.KS, &m.table, &c, &h, out, input)
			}
			if !bytes.Equal(out, want) || c != wantCtr || h != wantY {
				t.Fatalf("n=%d seal=%v: output, counter or hash differs from the reference", n, seal)
			}
		}
		h := y
		m.stir(rng)
		GHASH(&m.table, &h, input)
		want := y
		ghash.Update(ghash.FromBlock(&k.H), &want, input)
		if h != want {
			t.Fatalf("n=%d: GHASH %x, want %x", n, h, want)
		}
	}
}
