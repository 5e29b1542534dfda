package vaes

import (
	"testing"
	"unsafe"

	"github.com/vaesgo/vaes/internal/kernels"
)

// TestKeyMaterialLayout holds kernels.GCMKey to what its comment promises: one
// allocation in the 1024-byte size class, with the table and the round keys
// 64-byte aligned, so their loads never straddle a cache line.
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
