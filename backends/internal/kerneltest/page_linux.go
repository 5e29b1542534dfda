package kerneltest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"

	"golang.org/x/sys/unix"
)

// PageEndGaps are the distances from the end of the data to the next page
// that DataAtPageEnds tests: 0 (the data ends where the page ends) and
// distances at which the last register of a tail of 16, 32 or 64 bytes
// still reaches the next page, or just no longer does.
var PageEndGaps = []int{0, 1, 5, 15, 16, 17, 31, 32, 47, 63, 64}

// DataAtPageEnds runs the model and the kernel of every row that has an
// input at every length up to c.TableMax, with the input and the output
// ending gap bytes (each of PageEndGaps) before a page that has no access
// rights, out of place and in place. Tails that a kernel loads and stores
// through masks take their other path there (the masked-off bytes would
// reach that page: the assembly loads and stores the bytes that end with
// the data instead), and a byte touched past the end faults. Results must
// equal the reference's.
func DataAtPageEnds(t *testing.T, c Config, rows []Row) {
	ps := os.Getpagesize()
	pages := (c.TableMax+ps-1)/ps + 1
	area := func() []byte {
		mem, err := unix.Mmap(-1, 0, (pages+1)*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
		if err != nil {
			t.Fatalf("mmap: %v", err)
		}
		t.Cleanup(func() { unix.Munmap(mem) })
		if err := unix.Mprotect(mem[pages*ps:], unix.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
		return mem[:pages*ps]
	}
	in, out := area(), area()
	rng := rand.New(rand.NewPCG(85, 86))
	k := NewKey(t, rng, 16, c.Layout)
	last := ""
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: %v", last, r)
		}
	}()
	rows = c.runnable(t, rows)
	for _, gap := range PageEndGaps {
		for _, r := range rows {
			if r.spec == nil {
				continue
			}
			for _, n := range r.spec.lengths(&c) {
				if n > c.TableMax {
					continue
				}
				input := RandomBytes(rng, n)
				s := state{ctr: r.spec.counter(&c, rng), y: [16]byte(RandomBytes(rng, 16))}
				want, ws := make([]byte, n), s
				r.spec.reference(k, &ws, want, input)
				for _, role := range []int{model, kernel} {
					for _, inPlace := range []bool{false, true} {
						if inPlace && r.spec.hashOnly {
							continue
						}
						last = fmt.Sprintf("%s n=%d, %d bytes before the page, in place %v", r.name(role), n, gap, inPlace)
						src := in[len(in)-gap-n : len(in)-gap : len(in)-gap]
						dst := out[len(out)-gap-n : len(out)-gap : len(out)-gap]
						copy(src, input)
						if inPlace {
							dst = src
						}
						got := s
						r.calls[role](k, &k.Table, &got, dst, src)
						if !r.spec.hashOnly && !bytes.Equal(dst, want) || got != ws {
							t.Fatalf("%s: output, counter or hash differs from the reference", last)
						}
					}
				}
			}
		}
	}
}
