package vaes

import (
	"testing"
	"unsafe"
)

// TestKeyMaterialLayout holds gcmKey to what its comment promises: one
// allocation in the 1024-byte size class, with the table and the round keys
// 64-byte aligned, so their loads never straddle a cache line.
func TestKeyMaterialLayout(t *testing.T) {
	if n := unsafe.Sizeof(gcmKey{}); n > 1024 {
		t.Errorf("gcmKey is %d bytes, more than the 1024-byte size class", n)
	}
	var k gcmKey
	for _, f := range []struct {
		name string
		off  uintptr
	}{{"table", unsafe.Offsetof(k.table)}, {"ks.Enc", unsafe.Offsetof(k.ks) + unsafe.Offsetof(k.ks.Enc)}} {
		if f.off%64 != 0 {
			t.Errorf("gcmKey.%s is at offset %d, not a multiple of 64", f.name, f.off)
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
