package vaes512

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

// stir fills the bytes around the table with new random bytes.
func (m *tableInJunk) stir(rng *rand.Rand) {
	for i := range m.before {
		copy(m.before[i][:], kerneltest.RandomBytes(rng, 16))
		copy(m.after[i][:], kerneltest.RandomBytes(rng, 16))
	}
}

// TestTableNeighbours runs GHASH, Seal and Open at every length through a
// pair of batches, one batch and every tail, with the table between random
// bytes that change on every call; the results must equal the reference.
// The powers of a tail's last register once came from a 64-byte load that
// reached up to three slots past H^1: a read past the table would now
// return these bytes. A product by such bytes that is zero anyway would
// not show here; the root package's guard-page test (oob_linux_test.go)
// faults on any read past the table.
func TestTableNeighbours(t *testing.T) {
	rng := rand.New(rand.NewPCG(79, 80))
	k := kerneltest.NewKey(t, rng, 16, referenceTable)
	var m tableInJunk
	m.stir(rng)
	GHASHInit(&m.table, &k.H)
	if m.table != k.Table {
		t.Fatal("GHASHInit differs from the reference table")
	}
	for n := 0; n < 2*gcmBytes+gcmBytes+gcmBytes; n++ {
		input := kerneltest.RandomBytes(rng, n)
		ctr := kerneltest.RandomCounter(rng, 80)
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
