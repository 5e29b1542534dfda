package ghash

import "testing"

func TestInitTableAllocs(t *testing.T) {
	var tab Table
	var h [16]byte
	if n := testing.AllocsPerRun(10, func() { InitTable(&tab, &h, 8) }); n != 0 {
		t.Errorf("InitTable: %v allocations, want 0", n)
	}
}
