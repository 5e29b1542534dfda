package appcode

import "testing"

// BenchmarkRun times one call, the cost the mixed traffic subtracts.
func BenchmarkRun(b *testing.B) {
	x := uint64(1)
	for b.Loop() {
		x = Run(x)
	}
	sink = x
}

var sink uint64
