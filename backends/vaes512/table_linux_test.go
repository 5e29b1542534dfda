package vaes512

import (
	"bytes"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
	"github.com/vaesgo/vaes/ghash"
)

// TestTableAtGuardPages runs GHASH, Seal and Open at every length through
// a pair of batches, one batch and every tail, with the key-power table
// ending where an inaccessible page begins, then starting where one ends:
// a load of one byte outside the table faults, whatever it would have been
// multiplied by.
func TestTableAtGuardPages(t *testing.T) {
	ps := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 3*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	defer unix.Munmap(mem)
	if err := unix.Mprotect(mem[:ps], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := unix.Mprotect(mem[2*ps:], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	size := int(unsafe.Sizeof(ghash.Table{}))
	rng := rand.New(rand.NewPCG(83, 84))
	k := kerneltest.NewKey(t, rng, 16, referenceTable)
	for _, at := range []int{2*ps - size, ps} {
		tableAt(t, k, rng, (*ghash.Table)(unsafe.Pointer(&mem[at])), at%ps)
	}
}

// tableAt runs the kernels at every length with the table at tab, which
// starts offset bytes into its page, with faults turned into panics.
func tableAt(t *testing.T, k *kerneltest.Key, rng *rand.Rand, tab *ghash.Table, offset int) {
	n := -1
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("table at %d bytes into its page, n=%d: %v", offset, n, r)
		}
	}()
	GHASHInit(tab, &k.H)
	if *tab != k.Table {
		t.Fatal("GHASHInit differs from the reference table")
	}
	for n = 0; n < 2*gcmBytes+gcmBytes+gcmBytes; n++ {
		input := kerneltest.RandomBytes(rng, n)
		ctr := kerneltest.RandomCounter(rng, 80)
		y := [16]byte(kerneltest.RandomBytes(rng, 16))
		for _, seal := range []bool{true, false} {
			want, wantCtr, wantY := kerneltest.GCMReference(k, ctr, y, input, seal)
			out := make([]byte, n)
			c, h := ctr, y
			if seal {
				Seal(&k.KS, tab, &c, &h, out, input)
			} else {
				Open(&k.KS, tab, &c, &h, out, input)
			}
			if !bytes.Equal(out, want) || c != wantCtr || h != wantY {
				t.Fatalf("n=%d seal=%v: output, counter or hash differs from the reference", n, seal)
			}
		}
		h, want := y, y
		GHASH(tab, &h, input)
		ghash.Update(ghash.FromBlock(&k.H), &want, input)
		if h != want {
			t.Fatalf("n=%d: GHASH %x, want %x", n, h, want)
		}
	}
}
