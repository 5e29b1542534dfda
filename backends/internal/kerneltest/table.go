package kerneltest

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/ghash"
)

// TableNeighbours runs the kernels that read the key-power table (GHASH and
// the GCM kernels) at every length up to c.TableMax with the table between
// random bytes, which change before every call, as do the slots the layout
// leaves free; the results must equal the reference. A read outside the
// layout would return these bytes. A product by such bytes that is zero
// anyway would not show here; TableAtGuardPages faults on any read past
// the table.
func TableNeighbours(t *testing.T, c Config, rows []Row) {
	var m struct {
		before [4][16]byte
		table  ghash.Table
		after  [4][16]byte
	}
	rng := rand.New(rand.NewPCG(81, 82))
	stir := func(string, int) {
		for i := range m.before {
			m.before[i] = [16]byte(RandomBytes(rng, 16))
			m.after[i] = [16]byte(RandomBytes(rng, 16))
		}
		for i := range m.table {
			if !c.used(i) {
				m.table[i] = [16]byte(RandomBytes(rng, 16))
			}
		}
	}
	stir("", 0)
	tableRows(t, &c, rows, rng, &m.table, stir)
}

// tableRows fills tab with the kernel of the GHASHInit row, checks it, and
// runs the kernel of every row that reads the table at every length up to
// c.TableMax with tab for its table, calling before with the kernel's name
// and the length before each call.
func tableRows(t *testing.T, c *Config, rows []Row, rng *rand.Rand, tab *ghash.Table, before func(name string, n int)) {
	k := NewKey(t, rng, 16, c.Layout)
	rows = c.runnable(t, rows)
	for _, r := range rows {
		if f := r.inits[kernel]; f != nil {
			f(tab, &k.H)
			for i := range tab {
				if c.used(i) && tab[i] != k.Table[i] {
					t.Fatalf("%s: slot %d is %x, want %x", r.name(kernel), i, tab[i], k.Table[i])
				}
			}
		}
	}
	for n := 0; n <= c.TableMax; n++ {
		input := RandomBytes(rng, n)
		for _, r := range rows {
			if r.spec == nil || !r.spec.table {
				continue
			}
			s := state{ctr: r.spec.counter(c, rng), y: [16]byte(RandomBytes(rng, 16))}
			want, ws := bytes.Repeat([]byte{Guard}, n), s
			r.spec.reference(k, &ws, want, input)
			got := bytes.Repeat([]byte{Guard}, n)
			before(r.name(kernel), n)
			r.calls[kernel](k, tab, &s, got, input)
			if !bytes.Equal(got, want) || s != ws {
				t.Fatalf("%s n=%d: output, counter or hash differs from the reference", r.name(kernel), n)
			}
		}
	}
}
