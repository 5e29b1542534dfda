package vaes

import (
	"testing"
	"unsafe"

	"github.com/vaesgo/vaes/internal/kernels"
)

// TestKeyMaterialLayout holds kernels.GCMKey to what its comment promises: one
// allocation in the 1024-byte size class, with the table and the round keys
// 64-byte aligned, so their loads never straddle a cache line, and the
// table followed by room for the unused lanes of masked loads.
func TestKeyMaterialLayout(t *testing.T) {
	if n := unsafe.Sizeof(kernels.GCMKey{}); n > 1024 {
		t.Errorf("kernels.GCMKey is %d bytes, more than the 1024-byte size class", n)
	}
	var k kernels.GCMKey
	for _, f := range []struct {
		name string
		off  uintptr
	}{{"table", unsafe.Offsetof(k.Table)}, {"ks.Enc", unsafe.Offsetof(k.KS) + unsafe.Offsetof(k.KS.Enc)}} {
		if f.off%64 != 0 {
			t.Errorf("kernels.GCMKey.%s is at offset %d, not a multiple of 64", f.name, f.off)
		}
	}
	// vaes512's masked tail loads of the key powers reach up to 48 bytes
	// past the table: those bytes must lie inside the allocation, or a
	// table that ends at the end of a page makes every such load take a
	// microcode assist (see kernels.GCMKey).
	if end := unsafe.Offsetof(k.Table) + unsafe.Sizeof(k.Table); end+48 > unsafe.Sizeof(k) {
		t.Errorf("kernels.GCMKey's table ends %d bytes before the end of the allocation, fewer than 48", unsafe.Sizeof(k)-end)
	}
	for range 10 {
		g, err := NewGCM(make([]byte, 16))
		if err != nil {
			t.Fatal(err)
		}
		if p := uintptr(unsafe.Pointer(g.key)); p%64 != 0 {
			t.Errorf("key material at %#x, not 64-byte aligned", p)
		}
	}
}
