package vec

import (
	"testing"

	"golang.org/x/sys/unix"
)

// TestPartAtPageEnd loads and stores every short part of the byte vectors
// from a slice that ends where an unmapped page begins: a part operation
// that touched a byte past the end of its slice would fault. It runs in
// both builds; in the archsimd build it holds LoadTPart, which Go 1.27.3's
// archsimd implements at 512 bits with a whole load, to the slice.
func TestPartAtPageEnd(t *testing.T) {
	ps := unix.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 2*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer unix.Munmap(mem)
	if err := unix.Mprotect(mem[ps:], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	page := mem[:ps]
	for i := range page {
		page[i] = byte(i*7 + 1)
	}
	for n := 0; n <= 64; n++ {
		s := page[ps-n:]
		want := make([]byte, 64)
		copy(want, s)
		var got [64]byte

		x16, k16 := LoadUint8x16Part(s)
		x16.StoreArray((*[16]byte)(got[:16]))
		if k16 != min(n, 16) || string(got[:16]) != string(want[:16]) {
			t.Errorf("LoadUint8x16Part of %d bytes: %d lanes %x, want %d lanes %x", n, k16, got[:16], min(n, 16), want[:16])
		}
		x32, k32 := LoadUint8x32Part(s)
		x32.StoreArray((*[32]byte)(got[:32]))
		if k32 != min(n, 32) || string(got[:32]) != string(want[:32]) {
			t.Errorf("LoadUint8x32Part of %d bytes: %d lanes %x, want %d lanes %x", n, k32, got[:32], min(n, 32), want[:32])
		}
		x64, k64 := LoadUint8x64Part(s)
		x64.StoreArray(&got)
		if k64 != n || string(got[:]) != string(want) {
			t.Errorf("LoadUint8x64Part of %d bytes: %d lanes %x, want %d lanes %x", n, k64, got[:], n, want)
		}

		// Stored back over bytes changed first, the parts restore them.
		for i := range s {
			s[i] ^= 0xff
		}
		if k := x64.StorePart(s); k != n || string(s) != string(want[:n]) {
			t.Errorf("Uint8x64.StorePart of %d bytes: %d lanes %x, want %x", n, k, s, want[:n])
		}
	}
}
